import { data } from "react-router";
import { NotFound } from "~/ui/errors/not-found";

// Placeholder: content pages come with the public-site work.
export function loader() {
  return data(null, { status: 404 });
}

export default function ContentPage() {
  return <NotFound />;
}
