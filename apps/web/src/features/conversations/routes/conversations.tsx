import { Box, Grid } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { BREAKPOINTS } from '@carpool/contracts';
import { Outlet, useParams, useSearchParams } from 'react-router';
import { ConversationList } from '../components/conversation-list';

/** Two panes from 768 px (spec: mobile below 768 px shows the list or the chat, one at a time). */
export const TWO_PANES_QUERY = `(min-width: ${BREAKPOINTS.tablet}px)`;

/**
 * conversations-list (spec document 1 §2): the list with search by name on the left and the chat
 * (child route) on the right; on a phone the list alone, or the chat alone once one is open.
 */
export function ConversationsRoute() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const twoPanes = useMediaQuery(TWO_PANES_QUERY, true, { getInitialValueInEffect: false });
  const activeId = id ? Number(id) : null;
  // An "Enviar mensaje" link (?to=) is a chat being opened: on a phone the index route, which opens
  // it, takes the list's place until it does.
  const opening = activeId === null && params.has('to');
  const showList = twoPanes || (activeId === null && !opening);
  const showChat = twoPanes || activeId !== null || opening;
  return (
    <Grid gutter="md">
      {showList && (
        <Grid.Col span={{ base: 12, sm: 5, md: 4 }}>
          <ConversationList activeId={activeId} />
        </Grid.Col>
      )}
      {showChat && (
        <Grid.Col span={{ base: 12, sm: 7, md: 8 }}>
          <Box h="100%">
            <Outlet />
          </Box>
        </Grid.Col>
      )}
    </Grid>
  );
}

export { ConversationsRoute as Component };
