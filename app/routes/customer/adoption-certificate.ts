import { data, redirect } from "react-router";
import { authStateContext } from "~/features/accounts/actor";
import { adoptionCertificate } from "~/features/adoptions/certificate.server";
import { platformContext } from "~/platform/request-context";
import type { Route } from "./+types/adoption-certificate";

/** An active adoption's certificate (PDF), for its sponsor (My Adoptions) and for staff (Hive Adoptions). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { actor } = context.get(authStateContext);
  const result = await adoptionCertificate(context.get(platformContext).db, actor, params.id);
  // Signed out (an old tab, an expired session): sign in, then back to My Adoptions.
  if (!result.ok && result.status === 401) throw redirect(`/customer-auth?redirectTo=${encodeURIComponent("/sponsor-profile?tab=adoptions")}`);
  if (!result.ok) throw data({ message: result.message }, { status: result.status });
  return new Response(Buffer.from(result.value.pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${result.value.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
