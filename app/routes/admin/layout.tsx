import { Outlet } from "react-router";

/** Placeholder: the admin guard is being built. */
export default function AdminLayout() {
  return <Outlet />;
}
