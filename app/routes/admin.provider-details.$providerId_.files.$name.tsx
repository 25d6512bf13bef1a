import { idParam } from "~/services/form-result.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { documentFileNames, providerFileNames } from "~/services/service-providers/details-query.server";
import { fileFailure, serveStoredFile } from "~/services/file-route.server";
import { requireAdmin } from "~/services/auth.server";
import { MarketplaceError, callerOf } from "~/services/marketplace/client.server";
import { getProviderDetail } from "~/services/marketplace/service-providers.server";
import { getProviderDocuments } from "~/services/marketplace/provider-documents.server";

/**
 * /admin/provider-details/{providerId}/files/{name}: one of this provider's documents, streamed
 * from the API (the browser never sees the API or its secret). ?download=1 makes it an attachment.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { admin } = await requireAdmin(request, "ServiceProvider");
  const providerId = idParam(params.providerId);
  const pagePath = `/admin/provider-details/${providerId}`;
  const caller = callerOf(admin, request);
  const name = params.name ?? "";
  try {
    // only files this provider's documents name: the page's access does not open every file
    const provider = await getProviderDetail(caller, providerId);
    if (!providerFileNames(provider).has(name) && !documentFileNames((await getProviderDocuments(caller, providerId)).data).has(name)) {
      throw new MarketplaceError("not-found", "Not found", 404);
    }
  } catch (error) {
    return fileFailure(request, name || "The file", error, pagePath);
  }
  return serveStoredFile(request, name, caller, pagePath);
}
