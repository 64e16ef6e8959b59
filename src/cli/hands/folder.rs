//! `hands --format text|ohh -o DIR`: a tracker's import folder, as a poker
//! client keeps its hand histories. One file per table session (a table,
//! a hero, a day in UTC), named as PokerStars names its files, in a folder
//! per hero:
//!
//! ```text
//! DIR/HERO/HH20261128 TABLE - 10-20 - Play Money No Limit Hold'em.txt
//! ```
//!
//! (`.ohh` for Open Hand History; `Pot Limit Hold'em`, `Limit Hold'em` for
//! the other games). HERO is the name of the player the capture's client
//! is, when he is dealt in; otherwise the hand goes to `Observer`. TABLE is
//! the table line's name (the game's or table's name, else `Game ID`, else
//! `Stream N`); the stakes are the blinds of the session's first hand (a
//! session whose blinds go up stays in its file). Characters a file name
//! cannot hold become `_`.
//!
//! Each hand is added to its file when it ends (`session.rs`: whole, once:
//! a number the file holds is not written again). DIR is made if missing
//! and may hold files already: a session file is found again by its name
//! with any stakes, and added to; other files are left alone. The data
//! reaches the disk (fsync) after each hand when results go out as they
//! come (a live capture, a pipe, `-l`), otherwise once per file at the end
//! of the run.

use super::place::Place;
use super::session::{Kind, Session};
use cardshark::analysis::hands::Hand;
use cardshark::output::{hand_text, ohh};
use std::collections::{BTreeSet, HashMap};
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// A session file's key: hero, day, table, game.
type Key = (String, String, String, &'static str);

/// Writes hands into a tracker's import folder.
pub(super) struct Folder {
    dir: PathBuf,
    kind: Kind,
    site: Option<String>,
    /// Incomplete hands are left out (unless `--incomplete`).
    complete_only: bool,
    /// fsync after each hand.
    sync_each: bool,
    sessions: HashMap<Key, Session>,
    /// The newest day a hand was written for: when a newer one comes, the
    /// sessions of the days before this one are let go (their files get
    /// no more hands but from late streams, and are read again then).
    newest: String,
    /// Every file written to.
    touched: BTreeSet<PathBuf>,
    /// Hands given, hands written, hands already in their file.
    pub(super) seen: u64,
    pub(super) written: u64,
    pub(super) already: u64,
}

impl Folder {
    /// The folder `dir` (made if missing), for hands of `kind`.
    pub(super) fn create(
        dir: &Path,
        kind: Kind,
        site: Option<String>,
        complete_only: bool,
        sync_each: bool,
    ) -> Result<Folder, String> {
        fs::create_dir_all(dir).map_err(|e| format!("{}: cannot make it: {e}", dir.display()))?;
        #[cfg(unix)]
        // SAFETY: setting a signal's disposition to "ignore" touches no
        // memory of the program. A file size limit (ulimit -f) then fails
        // the write (EFBIG), which is cut off and reported like a full
        // disk, instead of killing the process in the middle of a hand.
        unsafe {
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
        }
        Ok(Folder {
            dir: dir.to_path_buf(),
            kind,
            site,
            complete_only,
            sync_each,
            sessions: HashMap::new(),
            newest: String::new(),
            touched: BTreeSet::new(),
            seen: 0,
            written: 0,
            already: 0,
        })
    }

    /// Adds `h` to its session's file; false when it is left out
    /// (incomplete). An error names the file and says what it keeps.
    pub(super) fn hand(&mut self, h: &Hand) -> io::Result<bool> {
        self.seen += 1;
        if self.complete_only && !h.complete {
            return Ok(false);
        }
        let number = h.public_number();
        let text = match self.kind {
            Kind::Text => hand_text::write_site(h, self.site.as_deref().unwrap_or(hand_text::SITE)),
            Kind::Ohh => ohh::hand_site(h, self.site.as_deref()).to_string(),
        };
        let sync = self.sync_each;
        let session = self.session(h)?;
        let path = session.path().to_path_buf();
        let added = session.append(number, text.as_bytes(), sync).map_err(|e| {
            io::Error::new(
                e.kind(),
                format!(
                    "{}: cannot add hand {} (#{number}): {e}; the file keeps the whole hands \
                     written before it",
                    path.display(),
                    h.id()
                ),
            )
        })?;
        if added {
            self.written += 1;
            self.touched.insert(path);
        } else {
            self.already += 1;
        }
        Ok(true)
    }

    /// The session of `h`, found in the folder or started.
    fn session(&mut self, h: &Hand) -> io::Result<&mut Session> {
        let place = Place::of(h);
        if place.day > self.newest {
            let yesterday = std::mem::replace(&mut self.newest, place.day.clone());
            self.sessions.retain(|k, _| k.1 >= yesterday);
        }
        let key = (
            place.hero.clone(),
            place.day.clone(),
            place.table.clone(),
            place.game,
        );
        if !self.sessions.contains_key(&key) {
            let hero = self.dir.join(&place.hero);
            fs::create_dir_all(&hero)
                .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", hero.display())))?;
            let ext = match self.kind {
                Kind::Text => "txt",
                Kind::Ohh => "ohh",
            };
            let found = (fs::read_dir(&hero)?)
                .filter_map(|e| e.ok()?.file_name().into_string().ok())
                .filter(|name| place.names(name, ext))
                .min();
            let name = found.unwrap_or_else(|| place.name(ext));
            let session = Session::new(hero.join(name), self.kind);
            self.sessions.insert(key.clone(), session);
        }
        Ok(self.sessions.get_mut(&key).expect("just put in"))
    }

    /// Ends the run: every file written to is on the disk (unless it was
    /// after each hand), with its folder's entry.
    pub(super) fn finish(&self) -> io::Result<()> {
        if self.sync_each {
            return Ok(());
        }
        let mut dirs = BTreeSet::new();
        for path in &self.touched {
            fs::File::open(path)?.sync_all()?;
            dirs.extend(path.parent().map(Path::to_path_buf));
        }
        dirs.insert(self.dir.clone());
        for d in dirs {
            // A folder opened for reading syncs on Unix; elsewhere this may
            // fail, and the files are synced already.
            if let Ok(f) = fs::File::open(&d) {
                let _ = f.sync_all();
            }
        }
        Ok(())
    }

    /// How many files hands were written to.
    pub(super) fn files(&self) -> usize {
        self.touched.len()
    }
}
