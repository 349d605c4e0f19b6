export type OAuthProvider = 'outlook' | 'gmail';

type OAuthProviderInfo = {
  /** The short name, as in "Outlook sign-in". */
  name: string;
  buttonLabel: string;
  /** Where the user signs in, for the step-by-step explanation. */
  signInAt: string;
  /** The server environment variables that hold the app's client credentials. */
  envVars: string[];
  /** Where the app's registration lives, for the "not configured" explanation. */
  consoleName: string;
};

export const oauthProviders: Record<OAuthProvider, OAuthProviderInfo> = {
  outlook: {
    name: 'Outlook',
    buttonLabel: 'Connect with Outlook',
    signInAt: 'Microsoft',
    envVars: ['MS_CLIENT_ID', 'MS_CLIENT_SECRET', 'MS_TENANT'],
    consoleName: 'Microsoft Entra app registration',
  },
  gmail: {
    name: 'Google',
    buttonLabel: 'Connect with Google',
    signInAt: 'Google',
    envVars: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
    consoleName: 'Google Cloud OAuth client',
  },
};
