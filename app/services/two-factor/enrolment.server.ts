import QRCode from "qrcode";
import type { PendingEnrolment } from "~contract/two-factor";
import { RECOVERY_CODES_FILE, recoveryCodesText, type EnrolmentView } from "~/models/two-factor";

/**
 * A setup as the page shows it: the otpauth:// address drawn as an SVG QR code on the server (the
 * `qrcode` library: no script, no canvas), with the secret as text for typing in.
 */
export async function enrolmentView(pending: PendingEnrolment, error?: string): Promise<EnrolmentView> {
  const qrSvg = await QRCode.toString(pending.otpauth_uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { ...pending, qrSvg, ...(error ? { error } : {}) };
}

/** The recovery codes as a text file to keep (posted back by the page that showed them: they are not stored in clear). */
export function recoveryCodesDownload(form: FormData): Response {
  const codes = form
    .getAll("code")
    .filter((code): code is string => typeof code === "string" && /^[a-z0-9-]{1,20}$/.test(code))
    .slice(0, 20);
  const account = String(form.get("account") ?? "").slice(0, 200);
  const issuer = String(form.get("issuer") ?? "").slice(0, 100);
  return new Response(recoveryCodesText(account, issuer, codes), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Disposition": `attachment; filename="${RECOVERY_CODES_FILE}"`,
      "Cache-Control": "no-store",
    },
  });
}
