/** Minimum password length (docs/product.md §9: signup and admin reset). Zod-free, so the sign-up form can use it. */
export const MIN_PASSWORD_LENGTH = 6;

export const PASSWORD_TOO_SHORT = `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`;
