import type { LoaderFunctionArgs } from "@remix-run/node";
import { PROVIDER_COMPLETE_PROFILE_PATH } from "~/models/provider-auth-labels";
import { fileFailure, serveStoredFile } from "~/services/file-route.server";
import { requireProvider } from "~/services/provider-auth/auth.server";
import { documentFileNames } from "~/services/service-providers/details-query.server";

/**
 * /provider/files/{name}: one of the signed-in provider's own documents (the wizard's Documents &
 * Terms step links them), streamed from the API. A name their documents do not hold (another
 * provider's file, a name made up) answers 404 Not Found, so no provider opens another's files.
 * ?download=1 makes it an attachment.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { provider, api } = await requireProvider(request);
  const pagePath = PROVIDER_COMPLETE_PROFILE_PATH;
  const name = params.name ?? "";
  let held: Set<string>;
  try {
    held = documentFileNames((await api.raw.getProviderDocuments(provider.serviceProvider_id)).data);
  } catch (error) {
    return fileFailure(request, name || "The file", error, pagePath);
  }
  if (!held.has(name))
    throw new Response("Not Found", { status: 404, statusText: "Not Found", headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return serveStoredFile(request, name, api.caller, pagePath);
}
