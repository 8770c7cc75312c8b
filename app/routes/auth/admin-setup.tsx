/** Placeholder while this screen is being built. */
export default function Pending() {
  return <p className="p-8">This page is being built.</p>;
}
