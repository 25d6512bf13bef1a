import { z } from "zod";
import { postedRecordId } from "~/models/form-fields";

/** The release dialog's Confirm: the payment's id in a hidden field. */
export const ReleaseForm = z.object({ id: postedRecordId("unknown payment") });
