// The campaign link a visitor came through (`?campaign=CODE`, set by the server's campaign redirect), kept for the
// tab so a subscription started a few pages later still counts for the campaign.

const KEY = 'repforge.campaign';
const CODE = /^[A-Za-z0-9_-]{1,16}$/;

/** Keeps the code of the address's `campaign` parameter, if it has a valid one. */
export function rememberCampaign(search: string = window.location.search) {
  const code = new URLSearchParams(search).get('campaign');
  if (!code || !CODE.test(code)) return;
  try {
    sessionStorage.setItem(KEY, code);
  } catch {
    // Storage refused (private mode): the subscription then simply counts for no campaign.
  }
}

/** The campaign code kept for this tab, or undefined. */
export function campaignCode(): string | undefined {
  try {
    const code = sessionStorage.getItem(KEY);
    return code && CODE.test(code) ? code : undefined;
  } catch {
    return undefined;
  }
}
