import type { providerServices } from "../db/schema";
import { WIZARD_SERVICE_TYPES } from "~contract/provider-wizard-labels";
import { type ServicesByType } from "~contract/provider-wizard";
import { inrToPaiseNumber } from "~shared/money";

const paise = (rupees: string | null) => (rupees === null ? null : inrToPaiseNumber(rupees));

/**
 * The provider_services rows of one category's Create Services tables, in the wizard's order per
 * service type (positions from 0), prices turned from rupees into paise: the one mapping of the
 * save, the submit and the demo seed.
 */
export function serviceRowsOf(providerId: number, categoryId: number, services: ServicesByType): (typeof providerServices.$inferInsert)[] {
  return WIZARD_SERVICE_TYPES.flatMap((type) =>
    services[type].map((row, position) => ({
      service_provider_id: providerId,
      category_id: categoryId,
      serviceType: type,
      position,
      offerings: row.offerings,
      specialty: row.specialty,
      inclusions: row.inclusions,
      limits: row.limits,
      limitsPriceVariation: row.limitsPriceVariation.map((v) => ({ ...v, indiaPrice: paise(v.indiaPrice) })),
      description: row.description,
      indiaPrice: paise(row.indiaPrice),
      outsidePrice: paise(row.outsidePrice),
      deliveryTime: row.deliveryTime,
      askBeforeOrder: row.askBeforeOrder,
    })),
  );
}
