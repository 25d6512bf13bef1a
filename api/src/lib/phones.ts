/** "+91" of "+91 98765 43210"; "" when the number has no code set apart. */
export const countryCodeOf = (phone: string) => /^(\+\d{1,4})[\s-]+\d/.exec(phone.trim())?.[1] ?? "";
