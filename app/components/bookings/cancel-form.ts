import { withZod } from "@remix-validated-form/with-zod";
import { CancelOrderForm } from "~/models/orders";

export const cancelOrderValidator = withZod(CancelOrderForm);
