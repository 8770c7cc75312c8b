/** A form-wide error from the server (e.g. "Login Failed: Invalid email or password"), read out when it appears. */
export function FormError({ errors, id }: { errors?: unknown; id: string }) {
  if (!Array.isArray(errors) || typeof errors[0] !== "string") return null;
  return (
    <p id={id} role="alert" className="rounded-xl border border-red-700/30 bg-red-50 p-3 text-sm font-medium text-red-800">
      {errors[0]}
    </p>
  );
}
