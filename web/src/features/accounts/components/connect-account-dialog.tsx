import { KeyRound, Link2, Server } from 'lucide-react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { IntegrationConnectTab } from './integration-connect-tab';
import { OAuthConnectTab } from './oauth-connect-tab';
import { SmtpConnectTab } from './smtp-connect-tab';

/** SPEC §2: the connect dialog. Its content unmounts on close, so every tab starts fresh next time. */
export function ConnectAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const close = () => onOpenChange(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Connect Mailbox Provider Account</DialogTitle>
          <DialogDescription>Choose how LocalReach reaches the mailbox your campaigns are sent from.</DialogDescription>
        </DialogHeader>
        <Tabs defaultValue="oauth" className="grid gap-5">
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
          <TabsContent value="oauth">
            <OAuthConnectTab />
          </TabsContent>
          {/* Kept mounted while another tab is shown, so typed settings survive a look at the other tabs. */}
          <TabsContent value="smtp" forceMount>
            <SmtpConnectTab onConnected={close} onCancel={close} />
          </TabsContent>
          <TabsContent value="integration">
            <IntegrationConnectTab onConnected={close} />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
