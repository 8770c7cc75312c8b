import { data } from "react-router";

// Placeholder: built by the stays work.
export function loader() {
  return data(null, { status: 404 });
}
