/** The end of a game, explained: who won, why the game ended, and how the rules counted it
 * (the engine's explanation for this seat, `explanation` of the match or of the replay's last
 * step). A game that does not explain its ending still shows who won with the final scores. */

import type { ComponentChild } from "preact";
import { seatName } from "../format";
import { lang, t } from "../i18n";
import type { Ending as EndingWords, MatchDetail } from "../types";

type Explanation = { en: EndingWords; cs: EndingWords } | null | undefined;

/** The explanation in the current language, or null. */
export function endingIn(explanation: Explanation): EndingWords | null {
  if (!explanation) return null;
  return explanation[lang()] ?? explanation.en;
}

/** The winners' names: "alice", "You" (one per winner). */
export function winnerNames(d: MatchDetail): string[] {
  if (!d.outcome) return [];
  return d.seats.filter((s) => d.outcome!.ranks[s.index] === 1).map((s) => seatName(d.seats, s.index, d.seat));
}

/** "You win", "Winner: Bot Karel", "Winners: Anna, You"; empty without a winner. */
export function winnerLine(d: MatchDetail): string {
  const first = d.outcome ? d.seats.filter((s) => d.outcome!.ranks[s.index] === 1) : [];
  if (first.length === 0) return "";
  if (first.length === 1 && first[0]?.index === d.seat) return t("you_win");
  return t(first.length > 1 ? "winners" : "winner", { who: winnerNames(d).join(", ") });
}

function Standings({ d }: { d: MatchDetail }): ComponentChild {
  if (!d.outcome) return null;
  const order = [...d.seats].sort((a, b) => (d.outcome!.ranks[a.index] ?? 99) - (d.outcome!.ranks[b.index] ?? 99));
  return (
    <div class="table-wrap" tabIndex={0}>
      <table class="data ending-standings">
        <thead>
          <tr>
            <th scope="col">{t("ending_place")}</th>
            <th scope="col">{t("ending_player")}</th>
            <th scope="col">{t("ending_score")}</th>
          </tr>
        </thead>
        <tbody>
          {order.map((s) => (
            <tr key={s.index} class={s.index === d.seat ? "mine" : undefined}>
              <td>{d.outcome!.ranks[s.index]}.</td>
              <th scope="row">{seatName(d.seats, s.index, d.seat)}</th>
              <td>{d.outcome!.scores[s.index]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The end panel: shown once the match is over (`explanation` from the match detail or from
 * the replay's step where the game ended). */
export function Ending({ detail, explanation }: { detail: MatchDetail; explanation: Explanation }): ComponentChild {
  if (detail.status !== "finished" && detail.status !== "aborted") return null;
  const words = endingIn(explanation);
  const winners = winnerNames(detail);
  return (
    <section class="card ending" aria-labelledby="ending-title" data-testid="ending">
      <h2 id="ending-title" class="card-title">
        {detail.status === "aborted" ? t("ending_aborted") : t("ending_title")}
      </h2>
      {/* The explanation's summary says who won and why; without one, the winners alone. */}
      {!words && winners.length > 0 && (
        <p class="ending-winner">
          <strong>{winnerLine(detail)}</strong>
        </p>
      )}
      {words && <p class="ending-summary">{words.summary}</p>}
      {words ? (
        words.sections.map((section, i) => (
          <section key={i} class="ending-section">
            <h3>{section.title}</h3>
            {section.lines.map((line, j) => (
              <p key={j}>{line}</p>
            ))}
            {section.table && (
              <div class="table-wrap" tabIndex={0}>
                <table class="data">
                  <thead>
                    <tr>
                      {section.table.columns.map((c, k) => (
                        <th key={k} scope="col">
                          {c}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {section.table.rows.map((row, k) => (
                      <tr key={k}>
                        {row.map((cell, m) =>
                          m === 0 ? (
                            <th key={m} scope="row">
                              {cell}
                            </th>
                          ) : (
                            <td key={m}>{cell}</td>
                          ),
                        )}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        ))
      ) : (
        <Standings d={detail} />
      )}
    </section>
  );
}
