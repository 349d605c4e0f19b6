import { KeyRound, Link2, Server } from 'lucide-react';
import { useState } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useProvidersStatus } from '../api/get-providers-status';
import { type ConnectTab, firstUsableTab } from '../lib/connect-tab';
import { IntegrationConnectTab } from './integration-connect-tab';
import { OAuthConnectTab } from './oauth-connect-tab';
import { SmtpConnectTab } from './smtp-connect-tab';

type ConnectAccountDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Admins are told what to configure for a sign-in provider the server has no credentials for. */
  isAdmin: boolean;
};

/** The tabs' own scroll area: the dialog keeps one height whichever tab is shown, however long its content. */
const tabPanel = '-mx-1 min-h-0 flex-1 overflow-y-auto px-1 pb-1';

/**
 * docs/product.md §2: the connect dialog, of one fixed height (the tallest tab scrolls within it). Its content unmounts on
 * close, so every tab starts fresh next time.
 */
export function ConnectAccountDialog({ open, onOpenChange, isAdmin }: ConnectAccountDialogProps) {
  const close = () => onOpenChange(false);
  // Read with the screen, not when the dialog opens, so the dialog opens on its first tab at once.
  const providers = useProvidersStatus();
  const firstTab = firstUsableTab(providers.data, providers.isError) ?? 'oauth';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="h-[min(46rem,calc(100vh-2rem))] max-w-2xl overflow-hidden">
        <DialogHeader>
          <DialogTitle>Connect Mailbox Provider Account</DialogTitle>
          <DialogDescription>Choose how LocalReach reaches the mailbox your campaigns are sent from.</DialogDescription>
        </DialogHeader>
        <ConnectTabs firstTab={firstTab} isAdmin={isAdmin} close={close} />
      </DialogContent>
    </Dialog>
  );
}

/**
 * The ways to connect, opened on the first this server can use (lib/connect-tab.ts) until the user picks one.
 * Mounted with the dialog's content, so each opening starts from that tab again.
 */
function ConnectTabs({ firstTab, isAdmin, close }: { firstTab: ConnectTab; isAdmin: boolean; close: () => void }) {
  const [chosen, setChosen] = useState<ConnectTab | null>(null);
  const tab = chosen ?? firstTab;
  return (
    <Tabs
      value={tab}
      onValueChange={(value) => setChosen(value as ConnectTab)}
      className="flex min-h-0 flex-1 flex-col gap-5"
    >
      <TabsList>
        <TabsTrigger value="oauth">
          <KeyRound aria-hidden="true" />
          Direct Connection
        </TabsTrigger>
        <TabsTrigger value="smtp">
          <Server aria-hidden="true" />
          SMTP / IMAP
        </TabsTrigger>
        <TabsTrigger value="integration">
          <Link2 aria-hidden="true" />
          Existing Connection
        </TabsTrigger>
      </TabsList>
      <TabsContent value="oauth" className={tabPanel}>
        <OAuthConnectTab isAdmin={isAdmin} />
      </TabsContent>
      {/* Kept mounted while another tab is shown, so typed settings survive a look at the other tabs. */}
      <TabsContent value="smtp" forceMount className={tabPanel}>
        <SmtpConnectTab onConnected={close} onCancel={close} />
      </TabsContent>
      <TabsContent value="integration" className={tabPanel}>
        <IntegrationConnectTab onConnected={close} />
      </TabsContent>
    </Tabs>
  );
}
