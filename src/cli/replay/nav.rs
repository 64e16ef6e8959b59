//! Stepping through a replay: a pure state machine over the list of steps,
//! a cursor, and the commands a person gives (next, back, a street, a hand,
//! a frame, a search). No input or output here: [`Nav::apply`] answers with
//! the step to show or a message.

/// A street's names, as `s NAME` takes them (and `f`, `t`, `r`).
pub const STREETS: [&str; 4] = ["preflop", "flop", "turn", "river"];

/// One step of a replay: what it shows and where it is.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Step {
    /// What is written for it: the state drawn for people, or its JSON
    /// line.
    pub shown: String,
    /// What happened at this step, in a line (a search looks in it).
    pub what: String,
    /// The frame that made it (none for a hand's start).
    pub frame: Option<u64>,
    /// The TCP stream.
    pub stream: u64,
    /// The hand it belongs to (its number on the stream), if any.
    pub hand: Option<u64>,
    /// The street (`preflop` .. `river`), when the state has one.
    pub street: Option<&'static str>,
    /// Steps of one unit (a hand replayed with `--hand`, or a stream's
    /// timeline) follow each other; next and back stay inside it.
    pub unit: usize,
}

/// What a person asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// The next step (n, space, Enter); the unit's last stays (q ends).
    Next,
    /// The step before (p).
    Prev,
    /// The first step of a street of the current hand (f, t, r, `s NAME`).
    Street(String),
    /// The first step of a hand: `HAND` on this stream, or `STREAM:HAND`.
    Hand(String),
    /// The state at a frame: the last step at or before it on this stream.
    Frame(String),
    /// The next step whose line of what happened holds this (case
    /// ignored); empty: the last search again.
    Search(String),
    /// The keys, as a message.
    Help,
    /// The end.
    Quit,
    /// A key that means nothing.
    Unknown(char),
}

/// What to do after a command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Show the step at this index (the cursor is there now).
    Show(usize),
    /// Stay, and tell the person this.
    Stay(String),
    /// The end of the replay.
    Quit,
}

/// The keys, as [`Command::Help`] answers.
pub const HELP: &str = "keys: n, space or Enter next; p back; f t r flop, turn, river \
(s NAME any street); h N hand; g N frame; /TEXT search (/ again); q quit";

/// The steps and the cursor.
#[derive(Debug)]
pub struct Nav {
    steps: Vec<Step>,
    cursor: usize,
    search: Option<String>,
}

impl Nav {
    /// A navigator over `steps` (at least one), at `start`.
    pub fn new(steps: Vec<Step>, start: usize) -> Nav {
        let cursor = start.min(steps.len().saturating_sub(1));
        Nav {
            steps,
            cursor,
            search: None,
        }
    }

    /// The step at the cursor's index.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// Moves the cursor to the last step of its unit (where a replay
    /// played through stops) and gives its index.
    pub fn go_last(&mut self) -> usize {
        self.cursor = self.unit_range().1 - 1;
        self.cursor
    }

    /// The step at index `i`.
    pub fn step(&self, i: usize) -> &Step {
        &self.steps[i]
    }

    /// The indexes of the cursor's unit: its first and one past its last.
    pub fn unit_range(&self) -> (usize, usize) {
        let unit = self.steps[self.cursor].unit;
        let first = self.steps.iter().position(|s| s.unit == unit).unwrap_or(0);
        let end = first
            + self.steps[first..]
                .iter()
                .take_while(|s| s.unit == unit)
                .count();
        (first, end)
    }

    /// Carries out `c`.
    pub fn apply(&mut self, c: &Command) -> Outcome {
        let (first, end) = self.unit_range();
        match c {
            Command::Next if self.cursor + 1 < end => self.go(self.cursor + 1),
            Command::Next => Outcome::Stay("this is the last step (p back, q quit)".into()),
            Command::Prev if self.cursor > first => self.go(self.cursor - 1),
            Command::Prev => Outcome::Stay("this is the first step".into()),
            Command::Street(name) => self.street(name),
            Command::Hand(spec) => self.hand(spec),
            Command::Frame(n) => self.frame(n),
            Command::Search(text) => self.search(text),
            Command::Help => Outcome::Stay(HELP.into()),
            Command::Quit => Outcome::Quit,
            Command::Unknown(k) => Outcome::Stay(format!("no key {k:?} (? lists the keys)")),
        }
    }

    fn go(&mut self, i: usize) -> Outcome {
        self.cursor = i;
        Outcome::Show(i)
    }

    /// The first step of street `name` in the cursor's hand (or unit, for
    /// a replay without hands).
    fn street(&mut self, name: &str) -> Outcome {
        let name = name.trim().to_ascii_lowercase();
        let Some(&street) = STREETS.iter().find(|s| **s == name) else {
            return Outcome::Stay(format!(
                "no street '{name}' (one of {})",
                STREETS.join(", ")
            ));
        };
        let here = &self.steps[self.cursor];
        let (unit, stream, hand) = (here.unit, here.stream, here.hand);
        let same = |s: &Step| s.unit == unit && s.stream == stream && s.hand == hand;
        if self.steps.iter().all(|s| s.street.is_none()) {
            return Outcome::Stay("no streets in this replay (not a poker table)".into());
        }
        if hand.is_none() {
            return Outcome::Stay("no hand in play at this step (h N goes to one)".into());
        }
        match self
            .steps
            .iter()
            .position(|s| same(s) && s.street == Some(street))
        {
            Some(i) => self.go(i),
            None => Outcome::Stay(format!("no {street} in {}", self.hand_name())),
        }
    }

    /// `hand N` or `hand STREAM:N` of the cursor's hand, for messages.
    fn hand_name(&self) -> String {
        let s = &self.steps[self.cursor];
        match s.hand {
            Some(h) => format!("hand {}:{h}", s.stream),
            None => "this part of the replay".into(),
        }
    }

    /// The first step of hand `spec`: `N` on the cursor's stream, or
    /// `STREAM:N`.
    fn hand(&mut self, spec: &str) -> Outcome {
        let spec = spec.trim();
        let here = self.steps[self.cursor].stream;
        let parsed = match spec.split_once(':') {
            Some((a, b)) => a.trim().parse().ok().zip(b.trim().parse().ok()),
            None => spec.parse().ok().map(|n| (here, n)),
        };
        let Some((stream, number)) = parsed else {
            return Outcome::Stay(format!("'{spec}' is not a hand: a number, or STREAM:HAND"));
        };
        if self.steps.iter().all(|s| s.hand.is_none()) {
            return Outcome::Stay("no hands in this replay".into());
        }
        let at = |s: &Step| s.stream == stream && s.hand == Some(number);
        match self.steps.iter().position(at) {
            Some(i) => self.go(i),
            None => Outcome::Stay(format!("no hand {stream}:{number} in this replay")),
        }
    }

    /// The state at frame `n`: the last step at or before it on the
    /// cursor's stream (a step without a frame counts as its next step's).
    fn frame(&mut self, n: &str) -> Outcome {
        let Ok(n) = n.trim().parse::<u64>() else {
            return Outcome::Stay(format!("'{}' is not a frame number", n.trim()));
        };
        let stream = self.steps[self.cursor].stream;
        let framed = |i: usize| {
            self.steps[i..]
                .iter()
                .take_while(|s| s.stream == stream)
                .find_map(|s| s.frame)
        };
        let on_stream: Vec<usize> = (0..self.steps.len())
            .filter(|&i| self.steps[i].stream == stream)
            .collect();
        let frames: Vec<(usize, u64)> = on_stream
            .iter()
            .filter_map(|&i| framed(i).map(|f| (i, f)))
            .collect();
        let (Some(&(_, lo)), Some(&(_, hi))) = (frames.first(), frames.last()) else {
            return Outcome::Stay("no frames in this replay".into());
        };
        if n < lo || n > hi {
            return Outcome::Stay(format!(
                "frame {n} is outside this replay (frames {lo} to {hi} of stream {stream})"
            ));
        }
        let i = frames.iter().rev().find(|(_, f)| *f <= n).map(|(i, _)| *i);
        self.go(i.unwrap_or(on_stream[0]))
    }

    /// The next step (after the cursor, wrapping) whose line of what
    /// happened holds `text`.
    fn search(&mut self, text: &str) -> Outcome {
        let text = text.trim();
        let needle = if text.is_empty() {
            match &self.search {
                Some(s) => s.clone(),
                None => return Outcome::Stay("nothing to search for yet: /TEXT".into()),
            }
        } else {
            text.to_lowercase()
        };
        self.search = Some(needle.clone());
        let n = self.steps.len();
        let holds = |i: usize| self.steps[i].what.to_lowercase().contains(&needle);
        let hit = (1..n).map(|k| (self.cursor + k) % n).find(|&i| holds(i));
        match hit {
            Some(i) => self.go(i),
            None if holds(self.cursor) => Outcome::Stay(format!("'{needle}' is in no other step")),
            None => Outcome::Stay(format!("'{needle}' is in no step")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two hands on stream 0 (units 0 and 1), one on stream 1 (unit 2).
    fn steps() -> Vec<Step> {
        let mk = |unit, stream, hand, street, frame: Option<u64>, text: &str| Step {
            shown: String::new(),
            what: text.to_owned(),
            frame,
            stream,
            hand: Some(hand),
            street: Some(street),
            unit,
        };
        vec![
            mk(0, 0, 1, "preflop", None, "hand 0:1 starts"),
            mk(0, 0, 1, "preflop", Some(10), "Alice posts"),
            mk(0, 0, 1, "flop", Some(14), "Bob bets 20"),
            mk(0, 0, 1, "river", Some(20), "Alice raises 40"),
            mk(1, 0, 2, "preflop", None, "hand 0:2 starts"),
            mk(1, 0, 2, "preflop", Some(30), "Bob folds"),
            mk(2, 1, 1, "preflop", Some(12), "hand 1:1, Carol raises"),
        ]
    }

    fn run(nav: &mut Nav, cs: &[Command]) -> Vec<Outcome> {
        cs.iter().map(|c| nav.apply(c)).collect()
    }

    #[test]
    fn next_and_back_stay_inside_the_unit() {
        let mut nav = Nav::new(steps(), 0);
        use Command::*;
        let got = run(&mut nav, &[Prev, Next, Next, Next, Prev]);
        assert_eq!(
            got,
            [
                Outcome::Stay("this is the first step".into()),
                Outcome::Show(1),
                Outcome::Show(2),
                Outcome::Show(3),
                Outcome::Show(2)
            ]
        );
        assert_eq!(nav.apply(&Next), Outcome::Show(3));
        // The last step stays until q, and p goes back from it.
        let last = Outcome::Stay("this is the last step (p back, q quit)".into());
        assert_eq!(nav.apply(&Next), last);
        assert_eq!(nav.apply(&Next), last);
        assert_eq!(nav.cursor(), 3);
        assert_eq!(nav.unit_range(), (0, 4));
        assert_eq!(nav.apply(&Prev), Outcome::Show(2));
        assert_eq!(nav.go_last(), 3);
        assert_eq!(nav.apply(&Quit), Outcome::Quit);
    }

    #[test]
    fn streets_of_the_current_hand() {
        let mut nav = Nav::new(steps(), 0);
        let c = |s: &str| Command::Street(s.into());
        assert_eq!(nav.apply(&c("flop")), Outcome::Show(2));
        assert_eq!(nav.apply(&c("River ")), Outcome::Show(3));
        assert_eq!(nav.apply(&c("preflop")), Outcome::Show(0));
        assert_eq!(
            nav.apply(&c("turn")),
            Outcome::Stay("no turn in hand 0:1".into())
        );
        assert_eq!(
            nav.apply(&c("fourth")),
            Outcome::Stay("no street 'fourth' (one of preflop, flop, turn, river)".into())
        );
        let mut other = Nav::new(steps(), 4);
        assert_eq!(
            other.apply(&c("flop")),
            Outcome::Stay("no flop in hand 0:2".into())
        );
        // A lobby step before the first hand of a table's timeline.
        let mut lobby = steps();
        lobby.insert(0, Step::default());
        let mut nav = Nav::new(lobby, 0);
        assert_eq!(
            nav.apply(&c("flop")),
            Outcome::Stay("no hand in play at this step (h N goes to one)".into())
        );
    }

    #[test]
    fn hands_by_number_on_this_stream_or_by_id() {
        let mut nav = Nav::new(steps(), 1);
        let h = |s: &str| Command::Hand(s.into());
        assert_eq!(nav.apply(&h("2")), Outcome::Show(4));
        assert_eq!(nav.unit_range(), (4, 6));
        assert_eq!(nav.apply(&h("1:1")), Outcome::Show(6));
        assert_eq!(nav.apply(&h("1")), Outcome::Show(6), "hand 1 of stream 1");
        assert_eq!(nav.apply(&h(" 0:1 ")), Outcome::Show(0));
        assert_eq!(
            nav.apply(&h("7")),
            Outcome::Stay("no hand 0:7 in this replay".into())
        );
        assert_eq!(
            nav.apply(&h("x")),
            Outcome::Stay("'x' is not a hand: a number, or STREAM:HAND".into())
        );
    }

    #[test]
    fn a_frame_is_the_last_step_at_or_before_it_on_this_stream() {
        let mut nav = Nav::new(steps(), 0);
        let g = |s: &str| Command::Frame(s.into());
        assert_eq!(nav.apply(&g("14")), Outcome::Show(2));
        assert_eq!(nav.apply(&g("19")), Outcome::Show(2));
        assert_eq!(nav.apply(&g("10")), Outcome::Show(1));
        // Hand 0:2's start has no frame: it counts as frame 30, its next.
        assert_eq!(nav.apply(&g("29")), Outcome::Show(3));
        assert_eq!(nav.apply(&g("30")), Outcome::Show(5));
        assert_eq!(
            nav.apply(&g("31")),
            Outcome::Stay("frame 31 is outside this replay (frames 10 to 30 of stream 0)".into())
        );
        assert_eq!(
            nav.apply(&g("9")),
            Outcome::Stay("frame 9 is outside this replay (frames 10 to 30 of stream 0)".into())
        );
        assert_eq!(
            nav.apply(&g("ten")),
            Outcome::Stay("'ten' is not a frame number".into())
        );
    }

    #[test]
    fn search_goes_forward_wraps_and_repeats() {
        let mut nav = Nav::new(steps(), 0);
        let s = |t: &str| Command::Search(t.into());
        assert_eq!(
            nav.apply(&s("")),
            Outcome::Stay("nothing to search for yet: /TEXT".into())
        );
        assert_eq!(nav.apply(&s("RAISE")), Outcome::Show(3));
        assert_eq!(nav.apply(&s("")), Outcome::Show(6));
        assert_eq!(nav.apply(&s("")), Outcome::Show(3), "wrapped");
        assert_eq!(
            nav.apply(&s("check")),
            Outcome::Stay("'check' is in no step".into())
        );
        assert_eq!(nav.apply(&s("bob bets")), Outcome::Show(2));
        assert_eq!(
            nav.apply(&s("")),
            Outcome::Stay("'bob bets' is in no other step".into())
        );
    }

    #[test]
    fn a_replay_without_hands_or_streets_says_so() {
        let plain = vec![
            Step {
                frame: Some(5),
                what: "a".into(),
                ..Step::default()
            },
            Step {
                frame: Some(9),
                what: "b".into(),
                ..Step::default()
            },
        ];
        let mut nav = Nav::new(plain, 0);
        assert_eq!(
            nav.apply(&Command::Street("flop".into())),
            Outcome::Stay("no streets in this replay (not a poker table)".into())
        );
        assert_eq!(
            nav.apply(&Command::Hand("1".into())),
            Outcome::Stay("no hands in this replay".into())
        );
        assert_eq!(nav.apply(&Command::Frame("7".into())), Outcome::Show(0));
        assert_eq!(
            nav.apply(&Command::Unknown('z')),
            Outcome::Stay("no key 'z' (? lists the keys)".into())
        );
        assert_eq!(nav.apply(&Command::Help), Outcome::Stay(HELP.into()));
        assert_eq!(nav.apply(&Command::Quit), Outcome::Quit);
    }
}
