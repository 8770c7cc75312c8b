import { Plus } from "lucide-react";
import { dialogSearch, type ListParams } from "~/platform/list-params";
import { ButtonLink } from "~/ui/primitives/button";

/** A screen's "Add …" button: opens the add dialog over the list as it is. */
export function AddButton({ params, label }: { params: ListParams; label: string }) {
  return (
    <ButtonLink to={dialogSearch(params, "add")} preventScrollReset>
      <Plus aria-hidden="true" />
      {label}
    </ButtonLink>
  );
}

/** A row's Edit and Delete, each only for a person who may do it. */
export function editAndDelete(can: { update: boolean; delete: boolean }, params: ListParams, id: string, deletable = true) {
  return [...(can.update ? [{ label: "Edit", to: dialogSearch(params, "edit", id) }] : []), ...(can.delete && deletable ? [{ label: "Delete", to: dialogSearch(params, "delete", id) }] : [])];
}
