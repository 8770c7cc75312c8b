import { z } from "~/platform/zod";
import { controlCharacterMessage, PLAIN_TEXT } from "~/platform/plain-text";

/** The contact form's rules and messages, word for word from the spec; the browser and the action share it. */
export const ContactMessageSchema = z.object({
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(100, "Name must be less than 100 characters")
    .regex(PLAIN_TEXT, controlCharacterMessage("Name")),
  email: z
    .string({ error: "Invalid email address" })
    .trim()
    .pipe(z.email("Invalid email address").max(255, "Email must be less than 255 characters")),
  subject: z
    .string({ error: "Subject is required" })
    .trim()
    .min(1, "Subject is required")
    .max(200, "Subject must be less than 200 characters")
    .regex(PLAIN_TEXT, controlCharacterMessage("Subject")),
  message: z
    .string({ error: "Message must be at least 10 characters" })
    .trim()
    .min(10, "Message must be at least 10 characters")
    .max(2000, "Message must be less than 2000 characters")
    .regex(PLAIN_TEXT, controlCharacterMessage("Message")),
});

export type ContactMessageInput = z.infer<typeof ContactMessageSchema>;
