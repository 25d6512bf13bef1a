import { withZod } from "@remix-validated-form/with-zod";
import { CancelOrderForm } from "~contract/orders";

export const cancelOrderValidator = withZod(CancelOrderForm);
