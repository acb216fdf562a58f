//! The World's own random numbers, for the cards' `random(n)`: splitmix64
//! (Steele, Lea and Flood, 2014), one `u64` of state, so a seed gives the
//! same numbers on every machine, in the register machine and the tree
//! walker alike, and a save keeps where it was.

/// The generator: its whole state is one `u64`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Random {
    state: u64,
}

impl Random {
    /// The seed of a World nobody seeded (the driver, the tests): the same
    /// numbers every run. The window seeds from the time unless `--seed`.
    pub const DEFAULT_SEED: u64 = 0;

    /// A generator that starts from `seed`; every `u64` is a good seed.
    #[inline]
    pub fn seeded(seed: u64) -> Random {
        Random { state: seed }
    }

    /// Where it is now (what a save keeps); [`Random::seeded`] with it goes on the same.
    pub fn state(&self) -> u64 {
        self.state
    }

    /// The next 64 bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// An integer from 0 to `n - 1`, each as likely (the few draws that
    /// would favour the low ones are drawn again); 0 when `n` is 0.
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        // The largest multiple of n that fits, so that `x % n` is even.
        let zone = u64::MAX - (u64::MAX % n + 1) % n;
        loop {
            let x = self.next_u64();
            if x <= zone {
                return x % n;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Random;

    /// splitmix64's published first outputs from seed 0 (the reference `splitmix64.c`).
    #[test]
    fn splitmix64_as_published() {
        let mut r = Random::seeded(0);
        assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(r.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn below_stays_below_and_reaches_every_value() {
        let mut r = Random::seeded(42);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            let x = r.below(7);
            assert!(x < 7);
            seen[x as usize] += 1;
        }
        assert!(seen.iter().all(|&n| n > 800), "{seen:?}");
        assert_eq!(r.below(1), 0);
        assert_eq!(r.below(0), 0);
        let at = r.state();
        let (mut a, mut b) = (Random::seeded(at), r);
        assert_eq!(a.below(960), b.below(960));
    }
}
