//! [`Keyed`]: the values of a save's row or Object by name, in the
//! content's order, written as a YAML map in the names' order.
//!
//! Every Move of a game saves it (the book's Save The Game), so a save is
//! made often: its names are [`Key`]s shared with the World's
//! ([`crate::world::World::to_save`] clones a pointer, never a text), and a
//! row's cells are one vector, not a tree. Only a save written to a file
//! puts them in the names' order, as a map of names has always been written.

use serde::de::{MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::marker::PhantomData;
use std::sync::Arc;

/// A name in a save: a column, a Data Structure, a field. Shared, and
/// `Send` for the writer thread.
pub type Key = Arc<str>;

/// Values by name, each name once, in the order they were put.
#[derive(Clone, Debug)]
pub struct Keyed<V>(Vec<(Key, V)>);

/// Equal as maps are: the same names with equal values, in any order (a
/// save read back from its file holds them in the names' order).
impl<V: PartialEq> PartialEq for Keyed<V> {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().all(|(k, v)| other.get(k) == Some(v))
    }
}

impl<V> Default for Keyed<V> {
    fn default() -> Self {
        Keyed(Vec::new())
    }
}

impl<V> Keyed<V> {
    pub fn with_capacity(n: usize) -> Self {
        Keyed(Vec::with_capacity(n))
    }

    /// Puts `value` under `key`, in place of a value the key had.
    pub fn insert(&mut self, key: Key, value: V) {
        match self.0.iter_mut().find(|(k, _)| *k == key) {
            Some(slot) => slot.1 = value,
            None => self.0.push((key, value)),
        }
    }

    /// Adds a value under a key the caller knows is new (the content's
    /// columns and fields, each named once).
    pub fn push(&mut self, key: Key, value: V) {
        self.0.push((key, value));
    }

    pub fn get(&self, key: &str) -> Option<&V> {
        self.0.iter().find(|(k, _)| &**k == key).map(|(_, v)| v)
    }

    pub fn contains_key(&self, key: &str) -> bool {
        self.get(key).is_some()
    }

    pub fn keys(&self) -> impl Iterator<Item = &Key> {
        self.0.iter().map(|(k, _)| k)
    }

    pub fn iter(&self) -> impl Iterator<Item = (&Key, &V)> {
        self.0.iter().map(|(k, v)| (k, v))
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }
}

impl<'a, V> IntoIterator for &'a Keyed<V> {
    type Item = (&'a Key, &'a V);
    type IntoIter = std::iter::Map<std::slice::Iter<'a, (Key, V)>, fn(&'a (Key, V)) -> (&'a Key, &'a V)>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter().map(|(k, v)| (k, v))
    }
}

impl<K: Into<Key>, V> FromIterator<(K, V)> for Keyed<V> {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Self {
        let mut out = Keyed::default();
        for (k, v) in iter {
            out.insert(k.into(), v);
        }
        out
    }
}

impl<V: Serialize> Serialize for Keyed<V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // In the names' order, as a save has always been written: a file
        // reads the same from one save to the next, whatever the content's
        // order of its columns.
        let mut sorted: Vec<&(Key, V)> = self.0.iter().collect();
        sorted.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        let mut map = serializer.serialize_map(Some(sorted.len()))?;
        for (k, v) in sorted {
            map.serialize_entry(&**k, v)?;
        }
        map.end()
    }
}

impl<'de, V: Deserialize<'de>> Deserialize<'de> for Keyed<V> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Entries<V>(PhantomData<V>);
        impl<'de, V: Deserialize<'de>> Visitor<'de> for Entries<V> {
            type Value = Keyed<V>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a map of names to values")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Keyed<V>, A::Error> {
                let mut out = Keyed::with_capacity(map.size_hint().unwrap_or(0));
                while let Some((k, v)) = map.next_entry::<String, V>()? {
                    // A name written twice: the later value, as a map reads it.
                    out.insert(Key::from(k), v);
                }
                Ok(out)
            }
        }
        deserializer.deserialize_map(Entries(PhantomData))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_as_a_map_and_writes_in_the_names_order() {
        // A name written twice (serde_yaml hands both over): the later value.
        let read: Keyed<u32> = serde_yaml::from_str("b: 1\na: 2\nb: 3\n").expect("a map");
        assert_eq!(read.get("b"), Some(&3));
        assert_eq!(read.get("a"), Some(&2));
        assert_eq!(read.get("c"), None);
        assert_eq!(read.keys().map(|k| &**k).collect::<Vec<_>>(), ["b", "a"]);
        assert_eq!(serde_yaml::to_string(&read).expect("written"), "a: 2\nb: 3\n");
    }

    #[test]
    fn equal_as_maps_are() {
        let a: Keyed<u32> = [("x", 1), ("y", 2)].into_iter().collect();
        let b: Keyed<u32> = [("y", 2), ("x", 1)].into_iter().collect();
        let c: Keyed<u32> = [("y", 2), ("x", 3)].into_iter().collect();
        let d: Keyed<u32> = [("x", 1)].into_iter().collect();
        assert_eq!(a, b);
        assert_ne!(a, c);
        assert_ne!(a, d);
        assert_ne!(d, a);
    }

    #[test]
    fn insert_replaces_a_key_it_has() {
        let mut k = Keyed::default();
        k.insert(Key::from("x"), 1);
        k.insert(Key::from("y"), 2);
        k.insert(Key::from("x"), 3);
        assert_eq!(k.len(), 2);
        assert_eq!(k.get("x"), Some(&3));
        assert_eq!(k.keys().map(|k| &**k).collect::<Vec<_>>(), ["x", "y"]);
    }

    #[test]
    fn a_list_is_not_a_map() {
        let e = serde_yaml::from_str::<Keyed<u32>>("[1, 2]").expect_err("a list");
        assert!(e.to_string().contains("a map of names to values"), "{e}");
    }
}
