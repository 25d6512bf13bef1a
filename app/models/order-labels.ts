/** What only the admin uses of ~contract/order-labels (the shared part stays in contract/order-labels.ts). */
import { PARTY_LABELS, SERVICE_TYPE_LABELS, labelFrom } from "~contract/order-labels";

/** "ServiceProvider" → "Service Provider". */
export const partyLabel = labelFrom(PARTY_LABELS);
/** "AddOnService" → "Add-On Service". */
export const serviceTypeLabel = labelFrom(SERVICE_TYPE_LABELS);
