import { getFormProps, useForm } from "@conform-to/react";
import { Mail, MapPin, Send } from "lucide-react";
import { useEffect } from "react";
import { Form, useNavigation, useRouteLoaderData } from "react-router";
import { CONTACT_FAILED, CONTACT_SENT } from "~/features/contact/messages";
import { sendContactMessage } from "~/features/contact/send-contact-message.server";
import { unlessServerUnreachable } from "~/platform/errors/server-unreachable";
import { formValues } from "~/platform/form-values";
import { platformContext, requestInfoContext } from "~/platform/request-context";
import { errorToast, type Toast } from "~/platform/toast";
import { redirectWithToast, replyRefused } from "~/platform/toast.server";
import { clientSchema, useValuesTypedBeforeHydration } from "~/ui/forms/client-schema";
import { FormError } from "~/ui/forms/form-error";
import { checkedOnSubmit } from "~/ui/forms/schema-form";
import { TextAreaField } from "~/ui/forms/text-area-field";
import { TextField } from "~/ui/forms/text-field";
import { Button } from "~/ui/primitives/button";
import { pageMeta } from "~/ui/seo/page-meta";
import { useToast } from "~/ui/toast/use-toast";
import type { HydrateTrigger } from "~/platform/html/deferred-hydration";
import type { PageHandle } from "~/platform/page-handle";
import type { Route } from "./+types/contact";

const contactMessage = clientSchema(() => import("~/features/contact/contact.schema").then((m) => m.ContactMessageSchema));

/** The form works as plain HTML until the visitor reaches for it; React takes over then. */
export const handle: PageHandle = { hydrate: "deferred", publicCache: true };

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, {
    title: "Contact Us",
    description:
      "Questions about adopting a hive, staying at our Stanwood lake property or partnering with Apiary? Send us a message and our team will get back to you.",
  });

export function loader({ context }: Route.LoaderArgs) {
  return { contactEmail: context.get(platformContext).env.CONTACT_TO };
}

export async function action({ request, context }: Route.ActionArgs) {
  const platform = context.get(platformContext);
  const values = formValues(await request.formData());
  const outcome = await sendContactMessage(platform, values, context.get(requestInfoContext).clientAddress);
  // The form keeps what was typed; the message also shows in the form for browsers without JavaScript.
  if (!outcome.ok) return replyRefused(outcome, { title: CONTACT_FAILED.title, values, formError: "titledWithoutFields" });
  // Redirect after POST: a reload cannot send the message twice, and the form starts empty.
  throw await redirectWithToast("/contact", CONTACT_SENT, platform.authSecret);
}

/** In the browser, a message that cannot reach the server gets the spec's failure toast; the form keeps what was typed. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return unlessServerUnreachable(serverAction, () => ({ result: null, toast: errorToast(CONTACT_FAILED.title, CONTACT_FAILED.description) }));
}

type RootData = { toast: Toast | null } | undefined;

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  useToast(actionData?.toast);
  const flash = (useRouteLoaderData("root") as RootData)?.toast;
  const sent = flash?.title === CONTACT_SENT.title ? flash : null;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <header className="max-w-2xl">
        <p className="text-sm font-semibold tracking-wide text-honey-800 uppercase">We read every message</p>
        <h1 className="mt-2 text-4xl font-bold tracking-tight text-ink sm:text-5xl">Contact Us</h1>
        <p className="mt-4 text-lg text-ink-muted">
          Thinking about adopting a hive, planning a stay by the lake in Stanwood, or hoping to bring your team or school for a
          beekeeping tour? Tell us a little about it and a member of our team will write back to you.
        </p>
      </header>

      {sent && (
        // Browsers without JavaScript get no toast: the confirmation is part of the page instead.
        <noscript>
          <p role="status" className="mt-8 rounded-2xl border border-forest-300 bg-forest-50 p-4 text-forest-800">
            <strong>{sent.title}</strong> {sent.description}
          </p>
        </noscript>
      )}

      <div className="mt-10 grid gap-8 lg:grid-cols-[1.6fr_1fr]">
        <section
          aria-labelledby="contact-form-title"
          data-hydrate-trigger={"interaction" satisfies HydrateTrigger}
          className="rounded-3xl border border-border bg-surface p-6 shadow-sm sm:p-8">
          <h2 id="contact-form-title" className="text-2xl font-bold text-ink">
            Send us a message
          </h2>
          <ContactForm lastResult={actionData?.result} sentId={sent?.id} />
        </section>

        <aside aria-labelledby="contact-direct-title" className="flex flex-col gap-6">
          <div className="rounded-3xl bg-forest-900 p-6 text-cream surface-dark sm:p-8">
            <h2 id="contact-direct-title" className="text-2xl font-bold">
              Prefer e-mail?
            </h2>
            <p className="mt-3 text-forest-200">Write to our team directly; your message reaches the same inbox.</p>
            <a
              href={`mailto:${loaderData.contactEmail}`}
              className="mt-5 inline-flex items-center gap-2 rounded-sm font-semibold text-honey-300 underline underline-offset-4 [overflow-wrap:anywhere] hover:text-honey-200"
            >
              <Mail aria-hidden="true" className="size-5 shrink-0" />
              {loaderData.contactEmail}
            </a>
          </div>
          <div className="rounded-3xl border border-border bg-surface p-6 sm:p-8">
            <h2 className="flex items-center gap-2 text-xl font-bold text-ink">
              <MapPin aria-hidden="true" className="size-5 text-honey-700" />
              Where the bees are
            </h2>
            <p className="mt-3 text-ink-muted">
              Our working apiary sits on a 5.6-acre lake property in Stanwood, Washington, home to 17 beehives and our RV glamping
              stay. Visits and beekeeping tours are by arrangement, so please get in touch before you come.
            </p>
          </div>
        </aside>
      </div>
    </div>
  );
}

function ContactForm({ lastResult, sentId }: { lastResult: Parameters<typeof useForm>[0]["lastResult"]; sentId: string | undefined }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction === "/contact";
  const [form, fields] = useForm({
    id: "contact",
    lastResult,
    onValidate: contactMessage.validate,
    ...checkedOnSubmit,
  });

  useValuesTypedBeforeHydration(form.id, contactMessage);

  // After a successful send (the redirect brings a new confirmation), start from an empty form.
  const { reset } = form;
  useEffect(() => {
    if (sentId) reset();
  }, [sentId, reset]);

  return (
    <Form
      method="post"
      action="/contact"
      {...getFormProps(form)}
      {...contactMessage.loadOnUse}
      onSubmit={(event) => {
        if (!contactMessage.holdSubmit(event)) form.onSubmit(event);
      }}
      className="mt-6 flex flex-col gap-5"
    >
      <FormError errors={form.errors} id={form.errorId} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField field={fields.name} label="Name" autoComplete="name" />
        <TextField field={fields.email} label="Email" type="email" autoComplete="email" />
      </div>
      <TextField field={fields.subject} label="Subject" />
      <TextAreaField field={fields.message} label="Message" rows={7} hint="Between 10 and 2000 characters." />
      <Button type="submit" size="lg" disabled={sending} className="self-start">
        <Send aria-hidden="true" />
        {sending ? "Sending…" : "Send Message"}
      </Button>
    </Form>
  );
}
