import { useDialogMessages } from "~/ui/toast/show-toast";

/** A form-wide error from the server (e.g. "Login Failed: Invalid email or password"), read out when it appears. */
export function FormError({ errors, id }: { errors?: unknown; id: string }) {
  // In a dialog that shows the same words as a message of its own (the refusal's toast, moved inside it), they are said once:
  // the line stays in the page, hidden, for the fields it describes.
  const said = useDialogMessages();
  if (!Array.isArray(errors) || typeof errors[0] !== "string") return null;
  const message = errors[0];
  if (said.some((words) => words === message || message.endsWith(`: ${words}`))) {
    return (
      <p id={id} hidden>
        {message}
      </p>
    );
  }
  return (
    <p id={id} role="alert" className="rounded-xl border border-red-700/30 bg-red-50 p-3 text-sm font-medium text-red-800">
      {message}
    </p>
  );
}
