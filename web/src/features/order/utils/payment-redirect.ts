// Leaving the site for the payment gateway. An object (not a bare function) so tests can replace it:
// jsdom cannot navigate to another page.
export const paymentRedirect = {
  go(url: string): void {
    window.location.assign(url);
  },
};
