/** A wallet's own icon (a data: URL it announces), or a plain wallet drawing. */
export function WalletIcon({ src }: { src?: string }) {
  if (src && src.startsWith("data:image/")) return <img src={src} alt="" className="size-5 rounded" />;
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M19 7V5a2 2 0 0 0-2-2H5a2 2 0 0 0 0 4h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5" />
      <path d="M16 14h.01" />
    </svg>
  );
}
