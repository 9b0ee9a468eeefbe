import BoltRounded from '@mui/icons-material/BoltRounded';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Popover from '@mui/material/Popover';
import Popper, { type PopperProps } from '@mui/material/Popper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { TCannedReply } from '@portal/contracts';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Bidi } from '../../../components/bidi';

/** At most this many suggestions under the caret: the shortcut is meant to be typed. */
const MAX_SUGGESTIONS = 8;

/** Canned replies matching a search: shortcut first (its prefix), then title, then body. */
export function filterCannedReplies(replies: readonly TCannedReply[], search: string): TCannedReply[] {
  const q = search.trim().toLocaleLowerCase();
  if (!q) return [...replies];
  const rank = (r: TCannedReply) =>
    r.shortcut.startsWith(q)
      ? 0
      : r.shortcut.includes(q)
        ? 1
        : r.title.toLocaleLowerCase().includes(q)
          ? 2
          : r.body.toLocaleLowerCase().includes(q)
            ? 3
            : 4;
  return replies
    .map((r) => [rank(r), r] as const)
    .filter(([score]) => score < 4)
    .sort((a, b) => a[0] - b[0])
    .map(([, r]) => r);
}

/**
 * The `/word` being typed before the caret, when `/` starts a word (never "and/or" or a
 * URL's path): where it starts and what follows the slash.
 */
export function slashQuery(text: string, caret: number): { start: number; query: string } | null {
  const match = /(^|\s)\/([\p{L}\p{N}-]*)$/u.exec(text.slice(0, caret));
  if (!match) return null;
  const query = match[2] ?? '';
  return { start: caret - query.length - 1, query };
}

/** The text with `body` put in place of [from, to), and where the caret goes after it. */
export function insertText(text: string, from: number, to: number, body: string): { text: string; caret: number } {
  return { text: text.slice(0, from) + body + text.slice(to), caret: from + body.length };
}

interface ReplyBox {
  /** The reply box's textarea. */
  input: RefObject<HTMLTextAreaElement | null>;
  value: string;
  /** Replaces the box's text and puts the caret at `caret`. */
  replace(text: string, caret: number): void;
}

/**
 * Typing `/` at the start of a word in the reply box suggests the desk's canned replies
 * (shortcut or title); Enter or Tab puts the body in place of the `/shortcut`, Escape
 * closes. The textarea stays a textbox (a combobox role is not allowed on it) and points
 * at the list with aria-controls / aria-activedescendant, as ARIA's autocomplete pattern
 * for multi-line fields does.
 */
export function useCannedCompletion(replies: readonly TCannedReply[], box: ReplyBox) {
  const listId = useId();
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  // Escape closes the list for this `/` (another `/` opens it again).
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);

  const sync = useCallback(() => {
    const el = box.input.current;
    setCaret(el && document.activeElement === el ? el.selectionStart : null);
  }, [box.input]);
  // The text changed (typing, a draft, an insertion): the caret moved with it.
  useEffect(sync, [box.value, sync]);

  const query = caret === null ? null : slashQuery(box.value, caret);
  const typed = query?.query ?? null;
  const matches = useMemo(
    () => (typed === null ? [] : filterCannedReplies(replies, typed).slice(0, MAX_SUGGESTIONS)),
    [typed, replies],
  );
  const open = !!query && matches.length > 0 && dismissedAt !== query.start;
  const current = Math.min(active, Math.max(matches.length - 1, 0));
  useEffect(() => setActive(0), [typed]);

  const choose = (reply: TCannedReply) => {
    if (!query || caret === null) return;
    const next = insertText(box.value, query.start, caret, reply.body);
    box.replace(next.text, next.caret);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (!open || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + matches.length) % matches.length);
    } else if (e.key === 'Enter' || e.key === 'Tab') {
      e.preventDefault();
      choose(matches[current]!);
    } else if (e.key === 'Escape') {
      // Closes the list only, not a dialog around the box.
      e.preventDefault();
      e.stopPropagation();
      setDismissedAt(query!.start);
    }
  };

  const optionId = (i: number) => `${listId}-${i}`;
  const inputProps = {
    'aria-autocomplete': 'list' as const,
    ...(open ? { 'aria-controls': listId, 'aria-activedescendant': optionId(current) } : {}),
    onSelect: sync,
    onClick: sync,
    onKeyUp: sync,
    onFocus: sync,
    onBlur: () => setCaret(null),
  };

  const list = (
    <Popper
      open={open}
      anchorEl={box.input.current}
      placement="bottom-start"
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
    >
      <CannedList
        id={listId}
        replies={matches}
        active={current}
        optionId={optionId}
        onChoose={choose}
        onHover={setActive}
      />
    </Popper>
  );
  return { inputProps, onKeyDown, list };
}

function CannedOption({ reply }: { reply: TCannedReply }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography component="span" sx={{ fontWeight: 600, fontSize: '0.9rem' }}>
          <Bidi>{reply.title}</Bidi>
        </Typography>
        <Typography component="span" variant="body2" color="text.secondary">
          <Bidi dir="ltr">/{reply.shortcut}</Bidi>
        </Typography>
      </Box>
      <Typography
        variant="body2"
        color="text.secondary"
        dir="auto"
        sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', textAlign: 'start' }}
      >
        {reply.body}
      </Typography>
    </Box>
  );
}

function CannedList({
  id,
  replies,
  active,
  optionId,
  onChoose,
  onHover,
}: {
  id: string;
  replies: TCannedReply[];
  active: number;
  optionId: (i: number) => string;
  onChoose: (reply: TCannedReply) => void;
  onHover: (i: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper elevation={8} sx={{ mt: 0.5, width: 'min(420px, calc(100vw - 32px))', maxHeight: 320, overflow: 'auto' }}>
      <Box component="ul" role="listbox" id={id} aria-label={t('tickets.canned.listLabel')} sx={{ m: 0, p: 0.5 }}>
        {replies.map((reply, i) => (
          <Box
            component="li"
            key={reply.id}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            // Keeps the focus (and the caret) in the reply box.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => onChoose(reply)}
            onMouseEnter={() => onHover(i)}
            sx={{
              listStyle: 'none',
              px: 1.5,
              py: 0.75,
              borderRadius: 1,
              cursor: 'pointer',
              bgcolor: i === active ? 'action.selected' : undefined,
            }}
          >
            <CannedOption reply={reply} />
          </Box>
        ))}
      </Box>
    </Paper>
  );
}

const isMac = () => /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** Ctrl+Shift+K (⌘⇧K on a Mac) opens the menu. */
const isMenuShortcut = (e: globalThis.KeyboardEvent) =>
  e.shiftKey && (isMac() ? e.metaKey : e.ctrlKey) && !e.altKey && e.key.toLowerCase() === 'k';

// The Autocomplete's list shown in place under its search field (the Popover is the popup).
function InlinePopper({ children, open }: PopperProps) {
  return open && typeof children !== 'function' ? <Box>{children}</Box> : null;
}

/**
 * "Canned replies": a button (and Ctrl+Shift+K) opening a searchable menu of the desk's
 * canned replies; choosing one inserts its body at the reply box's caret.
 */
export function CannedReplyMenu({
  replies,
  onChoose,
  disabled,
}: {
  replies: readonly TCannedReply[];
  onChoose: (reply: TCannedReply) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const keys = isMac() ? '⌘⇧K' : 'Ctrl+Shift+K';

  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (!isMenuShortcut(e) || disabled) return;
      e.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [disabled]);

  return (
    <>
      <Tooltip title={t('tickets.canned.tooltip', { keys })}>
        <Button
          ref={button}
          size="small"
          color="inherit"
          startIcon={<BoltRounded />}
          onClick={() => setOpen(true)}
          disabled={disabled}
          aria-keyshortcuts={isMac() ? 'Meta+Shift+K' : 'Control+Shift+K'}
          aria-haspopup="listbox"
        >
          {t('tickets.canned.button')}
        </Button>
      </Tooltip>
      <Popover
        open={open}
        anchorEl={button.current}
        onClose={() => setOpen(false)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { sx: { width: 'min(420px, calc(100vw - 32px))', p: 1 } } }}
      >
        <Autocomplete<TCannedReply, false, false, false>
          open
          options={replies}
          getOptionLabel={(r) => r.title}
          filterOptions={(options, state) => filterCannedReplies(options, state.inputValue)}
          noOptionsText={replies.length === 0 ? t('tickets.canned.empty') : t('tickets.canned.noMatch')}
          autoHighlight
          disablePortal
          onChange={(_e, reply) => {
            if (!reply) return;
            setOpen(false);
            onChoose(reply);
          }}
          slots={{ popper: InlinePopper, paper: Box }}
          slotProps={{ listbox: { sx: { maxHeight: 320 } } }}
          renderOption={({ key, ...props }, reply) => (
            <li key={key} {...props}>
              <CannedOption reply={reply} />
            </li>
          )}
          renderInput={(params) => <TextField {...params} autoFocus size="small" label={t('tickets.canned.search')} />}
        />
      </Popover>
    </>
  );
}
