//! "Did you mean ...?": the names nearest a misspelt one, by edit distance,
//! for the messages of a name that names nothing.

/// The edit distance between two names (in characters: a letter added,
/// dropped or changed, or two letters side by side swapped, as `Whtie` for
/// `White`, is one change; a letter's case alone is half a change, so
/// `white` is nearer `White` than `Whale` is). Counted in half changes.
fn distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let w = b.len() + 1;
    let mut d = vec![0; (a.len() + 1) * w];
    for (j, cell) in d.iter_mut().enumerate().take(w) {
        *cell = j * 2;
    }
    for i in 1..=a.len() {
        d[i * w] = i * 2;
        for j in 1..=b.len() {
            let change = if a[i - 1] == b[j - 1] {
                0
            } else if a[i - 1].to_lowercase().eq(b[j - 1].to_lowercase()) {
                1
            } else {
                2
            };
            let mut best = (d[(i - 1) * w + j - 1] + change).min(d[(i - 1) * w + j] + 2).min(d[i * w + j - 1] + 2);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[(i - 2) * w + j - 2] + 2);
            }
            d[i * w + j] = best;
        }
    }
    d[a.len() * w + b.len()]
}

/// Between two names of one length, how far apart their differing
/// characters are (`h9` is nearer `h8` than `h1`); 0 otherwise.
fn closeness(a: &str, b: &str) -> u32 {
    if a.chars().count() != b.chars().count() {
        return 0;
    }
    a.chars().zip(b.chars()).map(|(x, y)| (x as u32).abs_diff(y as u32)).sum()
}

/// The names of `known` nearest `name` (the fewest changes, then the
/// nearest characters), in `known`'s order, at most three; none further
/// than a third of the name's length in changes (at least one change):
/// `Amazn` is near `Amazon`, `h9` near `h8`.
pub fn nearest<'a>(name: &str, known: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    let limit = 2 * (name.chars().count() / 3).max(1);
    let mut found: Vec<(usize, u32, usize, &str)> = known
        .into_iter()
        .enumerate()
        .map(|(i, k)| (distance(name, k), closeness(name, k), i, k))
        .filter(|&(d, _, _, k)| d <= limit && !k.is_empty() && k != name)
        .collect();
    found.sort();
    let best = found.first().map(|f| (f.0, f.1));
    let mut out: Vec<&str> = Vec::new();
    for (d, c, _, k) in found {
        if Some((d, c)) == best && !out.contains(&k) && out.len() < 3 {
            out.push(k);
        }
    }
    out
}

/// `; did you mean `Amazon`?` (or `` `h8` or `g9` ``), or nothing when no
/// name of `known` is near `name`: to end a message with.
pub fn did_you_mean<'a>(name: &str, known: impl IntoIterator<Item = &'a str>) -> String {
    let near = nearest(name, known);
    if near.is_empty() {
        return String::new();
    }
    let quoted: Vec<String> = near.iter().map(|n| format!("`{n}`")).collect();
    format!("; did you mean {}?", quoted.join(" or "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_nearest_names_are_offered() {
        assert_eq!(distance("Amazn", "Amazon"), 2);
        assert_eq!(distance("white", "White"), 1);
        assert_eq!(distance("Whtie", "White"), 2);
        assert_eq!(nearest("Amazn", ["King", "Amazon", "Queen"]), ["Amazon"]);
        assert_eq!(nearest("Whtie", ["White", "Black"]), ["White"]);
        assert_eq!(nearest("Blak", ["White", "Black"]), ["Black"]);
        assert_eq!(nearest("h9", ["h1", "h2", "g8", "h8"]), ["h8"]);
        assert_eq!(nearest("Quen", ["Queen", "Queens", "Queen"]), ["Queen"]);
        assert!(nearest("Dragon", ["King", "Queen", "Rook"]).is_empty());
        assert_eq!(
            did_you_mean("Make Computr Move", ["Make Computer Move", "Undo"]),
            "; did you mean `Make Computer Move`?"
        );
        assert_eq!(did_you_mean("Zebra", ["Make Computer Move"]), "");
    }
}
