import { AppShell, Box, Container, Progress } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { AfterFirstPaint } from '@/components/after-first-paint';
import { DemoResetNotice } from '@/components/demo-reset-notice';
import { paths } from '@/config/paths';
import { logout } from '@/features/auth/api/logout';
import { shouldShowOnboarding } from '@/features/users/utils/onboarding';
import { useAfterFirstScreen } from '@/lib/use-after-first-screen';
import { appTitle, useAppConfig } from '@/lib/app-config';
import { applyLocale } from '@/lib/i18n';
import { isLoggedIn, useSession } from '@/lib/session';
import { useBackHistory } from '../back-history';
import { useRouteHandle } from '../route-handle';
import { DESKTOP_QUERY } from '@/config/theme';
import { DesktopHeader } from './desktop-header';
import { FooterTabBar } from './footer-tab-bar';
import { MobileHeader } from './mobile-header';
import { SiteFooter } from './site-footer';
import { useNavigationBadges } from './use-navigation-badges';

// Dialogs load when they are first needed: the first paint needs no modal code.
const InviteModal = lazy(() => import('./invite-modal').then((module) => ({ default: module.InviteModal })));
const DonationModal = lazy(() => import('@/components/donation-modal').then((module) => ({ default: module.DonationModal })));
const OnboardingCarousel = lazy(() =>
  import('@/features/users/components/onboarding-carousel').then((module) => ({ default: module.OnboardingCarousel })),
);

const HEADER_HEIGHT = 64;
const TAB_BAR_HEIGHT = 60;

/** The page scrolls to the top on each navigation. */
function useScrollToTop() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0 });
  }, [pathname, search]);
}

export function AppLayout() {
  const { t } = useTranslation();
  const config = useAppConfig();
  const session = useSession();
  const handle = useRouteHandle();
  const afterFirstScreen = useAfterFirstScreen();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const badges = useNavigationBadges();
  const isDesktop = useMediaQuery(DESKTOP_QUERY, true, { getInitialValueInEffect: false });
  const [inviteOpened, invite] = useDisclosure(false);
  const [inviteUsed, setInviteUsed] = useState(false);
  if (inviteOpened && !inviteUsed) setInviteUsed(true);
  const [donateOpened, donate] = useDisclosure(false);
  const loggedIn = isLoggedIn(session);
  const appName = appTitle(config);
  const title = handle.titleKey ? t(handle.titleKey) : appName;
  const showTabBar = loggedIn && !isDesktop && handle.footer.show;
  const onLoginPage = useLocation().pathname === paths.login;
  const goBack = useBackHistory();

  useScrollToTop();

  useEffect(() => {
    void applyLocale(config.locale);
  }, [config.locale]);

  useEffect(() => {
    document.title = handle.titleKey ? `${title} · ${appName}` : appName;
  }, [handle.titleKey, title, appName]);

  const onLogout = () => {
    logout();
    void navigate(paths.trips);
  };

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      footer={{ height: TAB_BAR_HEIGHT, collapsed: !showTabBar }}
      padding={0}
      bg={handle.background === 'white' ? 'white' : 'gray.0'}
    >
      <a href="#contenido" className="skip-link">
        {t('boot.skipToContent')}
      </a>
      <AppShell.Header component="header">
        {navigation.state === 'loading' && (
          <Progress value={100} animated size={3} radius={0} pos="absolute" top={0} left={0} right={0} aria-hidden />
        )}
        {/* The header of the current width only (not both, one hidden by CSS): half the header's first render. */}
        <Box h="100%">
          {isDesktop ? (
            <DesktopHeader
              appName={appName}
              user={session.user}
              loggedIn={loggedIn}
              badges={badges}
              onInvite={invite.open}
              onDonate={donate.open}
              onLogout={onLogout}
              onLoginPage={onLoginPage}
            />
          ) : (
            <MobileHeader
              title={title}
              loggedIn={loggedIn}
              pendingInMyTrips={badges.myTrips}
              onInvite={invite.open}
              onLogout={onLogout}
              onLoginPage={onLoginPage}
              onBack={handle.back ? goBack : undefined}
              actions={handle.actions}
            />
          )}
        </Box>
      </AppShell.Header>

      <AppShell.Main id="contenido" tabIndex={-1} style={{ outline: 'none' }}>
        <AfterFirstPaint>
          <DemoResetNotice />
        </AfterFirstPaint>
        <Container size="xl" py={{ base: 'md', md: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
          <Outlet />
        </Container>
        {config.enable_footer && (
          <AfterFirstPaint>
            <SiteFooter appName={appName} helpEmail={config.admin_email} />
          </AfterFirstPaint>
        )}
      </AppShell.Main>

      {showTabBar && (
        <AppShell.Footer>
          <FooterTabBar active={handle.footer.active} unread={badges.notifications} unreadMessages={badges.messages} />
        </AppShell.Footer>
      )}

      <Suspense fallback={null}>
        {inviteUsed && <InviteModal opened={inviteOpened} onClose={invite.close} appName={appName} />}
        {donateOpened && <DonationModal opened onClose={donate.close} />}
        {/* After the first screen: the overlay's 600 ms start then, and its code does not delay the trips. */}
        {afterFirstScreen && shouldShowOnboarding(config, session) && <OnboardingCarousel />}
      </Suspense>
    </AppShell>
  );
}
