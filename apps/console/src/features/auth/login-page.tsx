import { PanelLoginPage } from '@caravan/ui/panel-login.tsx';
import { PATHS } from '../../app/paths.ts';
import { errorText } from '../../lib/api.ts';
import { session, useSession } from '../../lib/session.ts';
import { LanguageSelect } from '../../components/language-select.tsx';
import { useLogin } from './api.ts';

export function LoginPage() {
  return (
    <PanelLoginPage
      signedIn={useSession() !== null}
      takeEndReason={session.takeEndReason}
      loginPath={PATHS.login}
      homePath={PATHS.dashboard}
      login={useLogin()}
      errorText={errorText}
      languageSelect={<LanguageSelect />}
    />
  );
}
