/** Every error code the API can answer (core/api/schema.py's registry, listed in
 * `error_codes.json`), in a sentence for a player in both languages. A game's own rule codes
 * (not listed: each game has dozens) read as the engine's own sentence in the player's
 * language (the error's `text`), else "the rules do not allow this move" and its English. */

import { ApiError } from "./api";
import { lang } from "./i18n";

type Words = readonly [en: string, cs: string];

export const ERROR_WORDS: Record<string, Words> = {
  // 400
  bad_request: ["The app sent a request the server could not read. Reload the page.", "Aplikace poslala požadavek, kterému server nerozuměl. Načtěte stránku znovu."],
  malformed_json: ["The app sent a request the server could not read. Reload the page.", "Aplikace poslala požadavek, kterému server nerozuměl. Načtěte stránku znovu."],
  invalid_input: ["Something in the form is missing or not filled in right.", "Ve formuláři něco chybí nebo není správně vyplněné."],
  malformed_command: ["That move is not one this game knows. Reload the match.", "Takový tah tato hra nezná. Načtěte partii znovu."],
  reason_required: ["Say why (a reason is required).", "Uveďte důvod (je povinný)."],
  reason_too_long: ["The reason is too long: 500 characters at most.", "Důvod je příliš dlouhý: nejvýš 500 znaků."],
  method_not_allowed: ["The server does not take this request here.", "Server tento požadavek zde nepřijímá."],
  // 401
  not_authenticated: ["Log in first.", "Nejprve se přihlaste."],
  bad_credentials: ["The user name or password is not right.", "Uživatelské jméno nebo heslo nesouhlasí."],
  // 403
  forbidden: ["You may not do that. Reload the page and try again.", "To udělat nemůžete. Načtěte stránku znovu a zkuste to ještě jednou."],
  foreign_origin: ["Log in from Ludoteka's own pages.", "Přihlaste se přímo na stránkách Ludoteky."],
  private_match: ["This match is private.", "Tato partie je soukromá."],
  not_a_player: ["You do not play in this match.", "V této partii nehrajete."],
  not_the_creator: ["Only the player who created the match may do that.", "To může jen ten, kdo partii založil."],
  not_the_organiser: ["Only the tournament's organiser may do that.", "To může jen pořadatel turnaje."],
  not_invited: ["This tournament is by invitation, and you are not invited.", "Turnaj je jen pro pozvané a vy pozvánku nemáte."],
  rating_too_low: ["Your rating is below this tournament's minimum.", "Vaše hodnocení je pod minimem tohoto turnaje."],
  too_few_matches: ["You have finished fewer matches than this tournament asks for.", "Máte dohráno méně partií, než turnaj vyžaduje."],
  staff_only: ["Only the staff may look at this.", "Toto smí vidět jen správa."],
  missing_permission: ["The staff needs a special permission for this.", "Na tohle potřebuje správa zvláštní oprávnění."],
  wrong_password: ["The current password is not right.", "Současné heslo nesouhlasí."],
  // 404
  not_found: ["There is nothing here.", "Tady nic není."],
  match_not_found: ["There is no such match.", "Taková partie neexistuje."],
  seat_not_found: ["There is no such seat in this match.", "Takové místo v partii není."],
  unknown_game: ["There is no such game.", "Taková hra neexistuje."],
  user_not_found: ["There is no such player.", "Takový hráč neexistuje."],
  vacation_not_found: ["You have no such vacation.", "Takovou dovolenou nemáte."],
  subscription_not_found: ["This device was not signed up for notifications.", "Toto zařízení nebylo k oznámením přihlášené."],
  tournament_not_found: ["There is no such tournament.", "Takový turnaj neexistuje."],
  round_not_found: ["There is no such round.", "Takové kolo neexistuje."],
  table_not_found: ["There is no such table.", "Takový stůl neexistuje."],
  entrant_not_found: ["There is no such entrant.", "Takový účastník neexistuje."],
  device_not_found: ["That device is no longer logged in.", "Toto zařízení už přihlášené není."],
  // 406, 413, 415
  not_acceptable: ["The server cannot answer in the form the app asked for.", "Server neumí odpovědět v podobě, o kterou aplikace žádá."],
  payload_too_large: ["That is too much to send at once.", "To je na jedno odeslání příliš mnoho."],
  unsupported_media_type: ["The app sent something the server does not read. Reload the page.", "Aplikace poslala něco, co server nečte. Načtěte stránku znovu."],
  // 409
  account_deleted: ["This account has been deleted.", "Tento účet byl smazán."],
  no_pending_email: ["No new e-mail address is waiting to be verified.", "Žádná nová e-mailová adresa nečeká na ověření."],
  // 422 (accounts)
  invalid_email: ["That is not an e-mail address.", "Toto není e-mailová adresa."],
  invalid_link: ["This link has expired or was already used. Ask for a new one.", "Platnost odkazu vypršela nebo už byl použit. Požádejte o nový."],
  stale_version: ["The match has moved on: here it is as it is now. Try again.", "Partie mezitím pokročila: tady je, jak vypadá teď. Zkuste to znovu."],
  not_your_turn: ["It is not your turn.", "Nejste na tahu."],
  game_over: ["The game is over.", "Hra skončila."],
  match_not_active: ["The match is not running.", "Partie neběží."],
  match_not_in_lobby: ["The match has already started or ended.", "Partie už začala nebo skončila."],
  match_not_finished: ["The match has not ended yet: its analysis comes after.", "Partie ještě neskončila: rozbor přijde potom."],
  no_analysis: ["The bots of this game cannot analyse a match yet.", "Boti této hry zatím partii rozebrat neumějí."],
  hints_not_allowed: ["This match offers no hints: it is rated, or its players did not agree to them.", "Tato partie nápovědu nenabízí: je hodnocená nebo s ní hráči nesouhlasili."],
  hints_in_rated_match: ["Hints are only for friendly matches: untick “Rated” or hints.", "Nápověda je jen pro přátelské partie: zrušte „Hodnocená“ nebo nápovědu."],
  already_seated: ["You already have a seat in this match.", "V této partii už místo máte."],
  no_open_seat: ["There is no free seat left.", "Žádné volné místo nezbylo."],
  seats_not_filled: ["Every seat needs a player or a bot first.", "Každé místo nejdřív potřebuje hráče nebo bota."],
  seat_taken_over: ["Your time ran out and a bot plays your seat now.", "Vypršel vám čas a za vaše místo teď hraje bot."],
  no_push_subscription: ["No device of yours takes notifications yet: allow them first.", "Žádné vaše zařízení zatím oznámení nepřijímá: nejdřív je povolte."],
  already_resigned: ["You have already resigned.", "Už jste se vzdali."],
  command_id_reused: ["That move was already sent from another seat. Reload the match.", "Tento tah už přišel z jiného místa. Načtěte partii znovu."],
  conflict: ["Something changed at the same moment. Try again.", "Ve stejnou chvíli se něco změnilo. Zkuste to znovu."],
  username_taken: ["That user name is taken: choose another.", "Toto uživatelské jméno je obsazené: zvolte jiné."],
  vacation_overlap: ["You already have a vacation on those days.", "Na ty dny už dovolenou máte."],
  vacation_cancelled: ["That vacation was already cancelled.", "Tato dovolená už byla zrušena."],
  vacation_over: ["That vacation is already over.", "Tato dovolená už skončila."],
  already_registered: ["You are already registered.", "Už jste přihlášeni."],
  already_started: ["The tournament has already started.", "Turnaj už začal."],
  already_withdrawn: ["That entrant has already withdrawn.", "Tento účastník už odstoupil."],
  bots_not_allowed: ["This tournament takes no bots.", "Tento turnaj boty nepřijímá."],
  bracket_moved_on: ["The tournament has moved past that table.", "Turnaj už je za tímto stolem."],
  not_enough_players: ["Too few players have entered to start.", "Přihlásilo se příliš málo hráčů, aby se dalo začít."],
  not_private: ["Only a private tournament takes invitations.", "Pozvánky bere jen soukromý turnaj."],
  not_registered: ["You are not registered in this tournament.", "Do tohoto turnaje nejste přihlášeni."],
  not_running: ["The tournament is not running.", "Turnaj neběží."],
  registration_closed: ["Registration is closed.", "Přihlašování je uzavřené."],
  round_not_finished: ["The current round has not finished yet.", "Současné kolo ještě neskončilo."],
  tournament_full: ["The tournament is full.", "Turnaj je plný."],
  tournament_over: ["The tournament is over.", "Turnaj skončil."],
  seat_not_replaceable: ["That seat is not a player still playing.", "Na tomto místě nesedí hráč, který ještě hraje."],
  rollback_crosses_undo: ["A later take-back reaches before that point: choose a later one.", "Pozdější vrácení tahu sahá před tento bod: zvolte pozdější."],
  // 422
  illegal_command: ["The rules do not allow this move now.", "Tento tah teď pravidla nedovolují."],
  invalid_options: ["The game does not take these options or this number of players.", "Hra tyto volby nebo tento počet hráčů nepřijímá."],
  nothing_to_undo: ["There is nothing of yours to take back.", "Nemáte co vzít zpět."],
  version_out_of_range: ["The match has no such moment.", "Takový okamžik partie nemá."],
  seat_count: ["Give as many seats as there are players.", "Zadejte tolik míst, kolik je hráčů."],
  creator_seat: ["Exactly one seat must be yours.", "Právě jedno místo musí být vaše."],
  unknown_user: ["There is no player of that name.", "Hráč tohoto jména neexistuje."],
  duplicate_player: ["That player already has a seat.", "Tento hráč už místo má."],
  unknown_bot_level: ["This game has no bot of that level.", "Tato hra bota takové úrovně nemá."],
  invalid_time_control: ["That time limit is not one Ludoteka runs.", "Takový časový limit Ludoteka nenabízí."],
  weak_password: ["The password is too weak: see the rules under the field.", "Heslo je příliš slabé: viz pravidla pod polem."],
  vacation_in_the_past: ["A vacation cannot start before today.", "Dovolená nemůže začít dřív než dnes."],
  vacation_ends_before_start: ["A vacation ends on or after the day it starts.", "Dovolená končí v den začátku nebo později."],
  vacation_too_long: ["That vacation is too long.", "Tato dovolená je příliš dlouhá."],
  not_enough_vacation_days: ["You do not have that many vacation days left.", "Tolik dní dovolené vám nezbývá."],
  unknown_channel: ["There is no such way of notifying.", "Takový způsob oznámení neexistuje."],
  unknown_notification_kind: ["There is no such kind of notification.", "Takový druh oznámení neexistuje."],
  unknown_notification_mode: ["There is no such notification setting.", "Takové nastavení oznámení neexistuje."],
  unknown_timezone: ["There is no such time zone.", "Takové časové pásmo neexistuje."],
  invalid_quiet_hours: ["Quiet hours are times like 22:30.", "Noční klid se zadává jako čas, např. 22:30."],
  invalid_digest_hour: ["The summary hour is a whole hour from 0 to 23.", "Hodina přehledu je celá hodina od 0 do 23."],
  webhook_url_missing: ["Give a web address for the webhook first.", "Nejprve zadejte webovou adresu pro webhook."],
  invalid_webhook_url: ["The webhook address must be a public http(s) address.", "Adresa webhooku musí být veřejná adresa http(s)."],
  invalid_endpoint: ["This browser gave an address the server cannot notify.", "Prohlížeč dal adresu, na kterou server nemůže oznámení poslat."],
  insecure_endpoint: ["This browser gave an address that is not secure (https).", "Prohlížeč dal adresu, která není zabezpečená (https)."],
  endpoint_not_allowed: ["This browser's notification service is not one the server may use.", "Oznamovací služba tohoto prohlížeče není mezi povolenými."],
  invalid_p256dh: ["This browser's notification key is not valid.", "Oznamovací klíč tohoto prohlížeče není platný."],
  invalid_auth: ["This browser's notification secret is not valid.", "Oznamovací tajemství tohoto prohlížeče není platné."],
  invalid_tournament: ["The game or the format does not take that tournament.", "Hra nebo systém turnaje takový turnaj nepřipouští."],
  seq_out_of_range: ["The match has no such event.", "Taková událost v partii není."],
  unknown_seat: ["The match has no such seat.", "Takové místo partie nemá."],
  invalid_ranks: ["Give each player one place, from 1 to the number of players.", "Zadejte každému hráči jedno umístění, od 1 do počtu hráčů."],
  invalid_scores: ["Give one score per player.", "Zadejte jedno skóre na hráče."],
  not_a_playable_point: ["The match was not in play after that event.", "Po této události partie neběžela."],
  nothing_to_roll_back: ["No move came after that one.", "Po tomto tahu už žádný nepřišel."],
  unsupported_format: ["That file is not a match export this server reads.", "Tento soubor není export partie, který server umí přečíst."],
  invalid_export: ["The export file is incomplete or damaged.", "Soubor exportu je neúplný nebo poškozený."],
  broken_chain: ["The file was changed after it was exported.", "Soubor byl po exportu změněn."],
  replay_failed: ["The file's moves do not replay under its game.", "Tahy ze souboru nejde v jeho hře přehrát."],
  state_mismatch: ["The file's moves lead to another position than the one saved.", "Tahy ze souboru vedou k jiné pozici, než jaká je uložená."],
  // 429, 503
  rate_limited: ["Too many requests at once: wait a moment and try again.", "Příliš mnoho požadavků najednou: chvíli počkejte a zkuste to znovu."],
  busy: ["The server is busy: nothing was done. Try again in a moment.", "Server je zaneprázdněný: nic se neprovedlo. Zkuste to za chvíli."],
  server_error: ["Something went wrong on the server. Try again later.", "Na serveru se něco pokazilo. Zkuste to později."],
  // the app's own: no network, or an answer that was not the API's
  offline: ["You are offline: check the connection and try again.", "Jste offline: zkontrolujte připojení a zkuste to znovu."],
};

function said(words: Words): string {
  return lang() === "cs" ? words[1] : words[0];
}

/** The engine's own sentence of a refusal in the current language (the error body's
 * `text: {en, cs}`), or null when the answer has none. */
function ruleText(err: ApiError): string | null {
  const text = err.body.text;
  if (typeof text !== "object" || text === null) return null;
  const sentence = (text as Record<string, unknown>)[lang()];
  return typeof sentence === "string" && sentence.trim() ? sentence : null;
}

/** A refusal or failure in a sentence for the player, in the current language. */
export function errorText(err: unknown): string {
  if (!(err instanceof ApiError)) return said(ERROR_WORDS.server_error!);
  if (err.offline) return said(ERROR_WORDS.offline!);
  const words = ERROR_WORDS[err.code];
  if (words) return said(words);
  // A game's own rule code (e.g. "ship_on_land"): the engine's sentence says which rule, in the
  // player's language (the API's `text`); from a server without it, the generic sentence and
  // the engine's English one after it.
  const own = ruleText(err);
  if (own) return own;
  if (err.status === 422 || err.status === 409) return `${said(ERROR_WORDS.illegal_command!)} (${err.message})`;
  if (err.status === 429) return said(ERROR_WORDS.rate_limited!);
  if (err.status >= 500) return said(ERROR_WORDS.server_error!);
  return said(ERROR_WORDS.bad_request!);
}
