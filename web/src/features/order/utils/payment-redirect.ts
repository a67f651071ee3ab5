// Leaving the site for the payment gateway. An object (not a bare function) so tests can replace it:
// jsdom cannot navigate to another page.
export const paymentRedirect = {
  go(url: string): void {
    window.location.assign(url);
  },
};

// Which gateway transaction this tab went to. The gateway's "back" (or the browser's) returns to the
// payment page: it must not send the customer to the gateway again by itself, but offer to pay or not.
const VISITED_KEY = 'nisko-bus.gateway-visited';

/** Notes that the tab leaves for `paymentUrl` (the automatic redirect or the link). */
export function rememberGatewayVisit(paymentUrl: string): void {
  try {
    sessionStorage.setItem(VISITED_KEY, paymentUrl);
  } catch {
    // Storage refused (private mode): the page then counts down again, as before.
  }
}

/** Whether this tab already went to the gateway for `paymentUrl`. */
export function visitedGateway(paymentUrl: string): boolean {
  try {
    return sessionStorage.getItem(VISITED_KEY) === paymentUrl;
  } catch {
    return false;
  }
}
