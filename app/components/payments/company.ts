/** The platform's identity as printed on invoices (one place to change it). */
export const COMPANY = {
  name: "Marketplace Services Pvt. Ltd.",
  addressLines: ["4th Floor, Prestige Tech Park", "Outer Ring Road, Bengaluru 560103", "Karnataka, India"],
  gstin: "29ABCDE1234F1Z5",
  email: "billing@marketplace.test",
} as const;
