import { data } from "react-router";

// Placeholder: built by the public-site work.
export function loader() {
  return data(null, { status: 404 });
}
