//! Exact non-negative integers of any size.
//!
//! Odds are counts of equally likely outcomes. A full narrative tray (140 dice) has about
//! 2^440 outcomes, far past `u128`, so a count keeps little-endian `u64` limbs. Only what
//! convolution needs is here: add, multiply, compare, a ratio as `f64` for display, and
//! the greatest common divisor and exact division that put a chance in lowest terms.

use std::cmp::Ordering;
use std::fmt;

/// A natural number of any size. The limbs never end in a zero limb, so equal numbers
/// have equal representations and the derived `Eq` is value equality.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Count {
    limbs: Vec<u64>,
}

impl Count {
    /// Zero.
    pub const fn zero() -> Self {
        Self { limbs: Vec::new() }
    }

    /// Whether this is zero.
    pub fn is_zero(&self) -> bool {
        self.limbs.is_empty()
    }

    /// `self += a * b`: the one step a convolution repeats.
    pub fn add_product(&mut self, a: &Count, b: &Count) {
        for (shift, &limb) in b.limbs.iter().enumerate() {
            self.add_scaled(a, limb, shift);
        }
    }

    /// `self += other`.
    pub fn add(&mut self, other: &Count) {
        self.add_scaled(other, 1, 0);
    }

    /// `a * b`.
    pub fn product(a: &Count, b: &Count) -> Count {
        let mut out = Count::zero();
        out.add_product(a, b);
        out
    }

    /// `self += other * factor * 2^(64 * shift)`.
    fn add_scaled(&mut self, other: &Count, factor: u64, shift: usize) {
        if factor == 0 || other.is_zero() {
            return;
        }
        let needed = other.limbs.len() + shift;
        if self.limbs.len() < needed {
            self.limbs.resize(needed, 0);
        }
        // Each step is at most (2^64-1) + (2^64-1)^2 + (2^64-1) = 2^128-1: no overflow.
        let mut carry: u128 = 0;
        for (i, &limb) in other.limbs.iter().enumerate() {
            let slot = &mut self.limbs[i + shift];
            let sum = u128::from(*slot) + u128::from(limb) * u128::from(factor) + carry;
            *slot = sum as u64;
            carry = sum >> 64;
        }
        let mut i = needed;
        while carry != 0 {
            if i == self.limbs.len() {
                self.limbs.push(0);
            }
            let sum = u128::from(self.limbs[i]) + carry;
            self.limbs[i] = sum as u64;
            carry = sum >> 64;
            i += 1;
        }
    }

    /// `self - other`, or `None` when `other` is larger.
    pub fn checked_sub(&self, other: &Count) -> Option<Count> {
        if other > self {
            return None;
        }
        let mut rest = self.clone();
        rest.subtract(other);
        Some(rest)
    }

    /// `self / divisor` when `divisor` divides it exactly; `None` otherwise, or for 0.
    pub fn exact_div_small(&self, divisor: u64) -> Option<Count> {
        if divisor == 0 {
            return None;
        }
        let mut quotient = self.clone();
        (quotient.div_rem_small(divisor) == 0).then_some(quotient)
    }

    /// The value if it fits in a `u64`.
    pub fn to_u64(&self) -> Option<u64> {
        match self.limbs.as_slice() {
            [] => Some(0),
            [one] => Some(*one),
            _ => None,
        }
    }

    /// `num / den` as the nearest `f64` (within a few ulps), for counts of any size.
    /// Returns NaN when `den` is zero.
    pub fn ratio(num: &Count, den: &Count) -> f64 {
        if den.is_zero() {
            return f64::NAN;
        }
        let (num_mantissa, num_exp) = num.top_bits();
        let (den_mantissa, den_exp) = den.top_bits();
        let exponent = (num_exp - den_exp).clamp(-2000, 2000) as i32;
        num_mantissa / den_mantissa * 2f64.powi(exponent)
    }

    /// The value as `mantissa * 2^exponent`, the mantissa built from the top two limbs,
    /// which carry at least 65 significant bits: more than an `f64` holds.
    fn top_bits(&self) -> (f64, i64) {
        let n = self.limbs.len();
        match n {
            0 => (0.0, 0),
            1 => (self.limbs[0] as f64, 0),
            _ => {
                let high = self.limbs[n - 1] as f64 * 2f64.powi(64) + self.limbs[n - 2] as f64;
                (high, 64 * (n as i64 - 2))
            }
        }
    }

    /// The greatest common divisor; `gcd(0, n)` is `n`. Binary (Stein's) algorithm: only
    /// shifts and subtractions, so no long division is needed inside the loop.
    pub fn gcd(a: &Count, b: &Count) -> Count {
        if a.is_zero() {
            return b.clone();
        }
        if b.is_zero() {
            return a.clone();
        }
        let (mut a, mut b) = (a.clone(), b.clone());
        let a_twos = a.trailing_zeros();
        let b_twos = b.trailing_zeros();
        a.shift_right(a_twos);
        b.shift_right(b_twos);
        // Both odd from here; the difference of two odd numbers is even and is halved away.
        loop {
            if a > b {
                std::mem::swap(&mut a, &mut b);
            }
            b.subtract(&a);
            if b.is_zero() {
                break;
            }
            let twos = b.trailing_zeros();
            b.shift_right(twos);
        }
        a.shift_left(a_twos.min(b_twos));
        a
    }

    /// `self / divisor`, rounded down, by long division one bit at a time; `None` when
    /// `divisor` is zero.
    pub fn quotient(&self, divisor: &Count) -> Option<Count> {
        if divisor.is_zero() {
            return None;
        }
        if self < divisor {
            return Some(Count::zero());
        }
        let mut quotient = Count {
            limbs: vec![0; self.limbs.len()],
        };
        let mut remainder = Count::zero();
        for bit in (0..self.bits()).rev() {
            remainder.shift_left(1);
            if self.bit(bit) {
                remainder.set_bit(0);
            }
            if remainder >= *divisor {
                remainder.subtract(divisor);
                quotient.set_bit(bit);
            }
        }
        quotient.trim();
        Some(quotient)
    }

    /// How many bits the value needs: 0 for zero.
    fn bits(&self) -> usize {
        match self.limbs.last() {
            None => 0,
            Some(top) => 64 * self.limbs.len() - top.leading_zeros() as usize,
        }
    }

    /// Whether bit `index` (0 is the lowest) is set.
    fn bit(&self, index: usize) -> bool {
        self.limbs
            .get(index / 64)
            .is_some_and(|limb| limb >> (index % 64) & 1 == 1)
    }

    /// Sets bit `index`, growing the limbs if needed.
    fn set_bit(&mut self, index: usize) {
        if self.limbs.len() <= index / 64 {
            self.limbs.resize(index / 64 + 1, 0);
        }
        self.limbs[index / 64] |= 1 << (index % 64);
    }

    /// How many times 2 divides the value; 0 for zero.
    fn trailing_zeros(&self) -> usize {
        self.limbs
            .iter()
            .position(|&limb| limb != 0)
            .map_or(0, |i| 64 * i + self.limbs[i].trailing_zeros() as usize)
    }

    /// `self *= 2^by`.
    fn shift_left(&mut self, by: usize) {
        if self.is_zero() || by == 0 {
            return;
        }
        let (whole, part) = (by / 64, by % 64);
        if part > 0 {
            let mut carry = 0;
            for limb in &mut self.limbs {
                let next = *limb >> (64 - part);
                *limb = (*limb << part) | carry;
                carry = next;
            }
            if carry != 0 {
                self.limbs.push(carry);
            }
        }
        self.limbs.splice(0..0, std::iter::repeat_n(0, whole));
    }

    /// `self /= 2^by`, rounded down.
    fn shift_right(&mut self, by: usize) {
        let (whole, part) = (by / 64, by % 64);
        self.limbs.drain(..whole.min(self.limbs.len()));
        if part > 0 {
            let mut carry = 0;
            for limb in self.limbs.iter_mut().rev() {
                let next = *limb << (64 - part);
                *limb = (*limb >> part) | carry;
                carry = next;
            }
        }
        self.trim();
    }

    /// `self -= other`; `other` must not be larger (it never is where this is used).
    fn subtract(&mut self, other: &Count) {
        debug_assert!(*self >= *other, "a count cannot go below zero");
        let mut borrow = false;
        for i in 0..self.limbs.len() {
            let take = other.limbs.get(i).copied().unwrap_or(0);
            if take == 0 && !borrow && i >= other.limbs.len() {
                break;
            }
            let (less, under) = self.limbs[i].overflowing_sub(take);
            let (less, under_again) = less.overflowing_sub(u64::from(borrow));
            self.limbs[i] = less;
            borrow = under || under_again;
        }
        self.trim();
    }

    /// Divides in place by a small divisor and returns the remainder.
    fn div_rem_small(&mut self, divisor: u64) -> u64 {
        let mut rem: u128 = 0;
        for limb in self.limbs.iter_mut().rev() {
            let cur = (rem << 64) | u128::from(*limb);
            *limb = (cur / u128::from(divisor)) as u64;
            rem = cur % u128::from(divisor);
        }
        self.trim();
        rem as u64
    }

    fn trim(&mut self) {
        while self.limbs.last() == Some(&0) {
            self.limbs.pop();
        }
    }
}

impl From<u64> for Count {
    fn from(value: u64) -> Self {
        let mut count = Self { limbs: vec![value] };
        count.trim();
        count
    }
}

impl Ord for Count {
    fn cmp(&self, other: &Self) -> Ordering {
        self.limbs
            .len()
            .cmp(&other.limbs.len())
            .then_with(|| self.limbs.iter().rev().cmp(other.limbs.iter().rev()))
    }
}

impl PartialOrd for Count {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Peel off 19 decimal digits at a time, the most a u64 chunk holds.
        const CHUNK: u64 = 10_000_000_000_000_000_000;
        let mut rest = self.clone();
        let mut chunks = Vec::new();
        loop {
            chunks.push(rest.div_rem_small(CHUNK));
            if rest.is_zero() {
                break;
            }
        }
        let mut text = String::new();
        for (i, chunk) in chunks.iter().rev().enumerate() {
            if i == 0 {
                text.push_str(&chunk.to_string());
            } else {
                text.push_str(&format!("{chunk:019}"));
            }
        }
        f.pad(&text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pow(base: u64, exp: u32) -> Count {
        let mut out = Count::from(1);
        for _ in 0..exp {
            out = Count::product(&out, &Count::from(base));
        }
        out
    }

    #[test]
    fn small_values_match_u128_arithmetic() {
        let a = Count::from(u64::MAX);
        let b = Count::from(12345);
        let mut sum = a.clone();
        sum.add(&b);
        assert_eq!(sum.to_string(), (u128::from(u64::MAX) + 12345).to_string());
        assert_eq!(
            Count::product(&a, &a).to_string(),
            (u128::from(u64::MAX) * u128::from(u64::MAX)).to_string()
        );
    }

    #[test]
    fn large_powers_print_exactly() {
        assert_eq!(pow(2, 100).to_string(), "1267650600228229401496703205376");
        assert_eq!(pow(12, 30).to_string(), "237376313799769806328950291431424");
        assert_eq!(Count::zero().to_string(), "0");
    }

    #[test]
    fn ordering_compares_values() {
        assert!(pow(2, 64) > Count::from(u64::MAX));
        assert!(Count::from(3) < Count::from(4));
        assert_eq!(Count::from(0), Count::zero());
    }

    #[test]
    fn gcd_and_quotient_by_hand() {
        assert_eq!(Count::gcd(&Count::zero(), &Count::from(6)), Count::from(6));
        assert_eq!(Count::gcd(&Count::from(6), &Count::zero()), Count::from(6));
        assert_eq!(Count::gcd(&Count::zero(), &Count::zero()), Count::zero());
        assert_eq!(
            Count::gcd(&Count::from(12), &Count::from(18)),
            Count::from(6)
        );
        // 2^100·3^5 and 2^70·3^9·5 share 2^70·3^5.
        let a = Count::product(&pow(2, 100), &pow(3, 5));
        let b = Count::product(&Count::product(&pow(2, 70), &pow(3, 9)), &Count::from(5));
        assert_eq!(Count::gcd(&a, &b), Count::product(&pow(2, 70), &pow(3, 5)));
        assert_eq!(pow(12, 60).quotient(&pow(12, 59)), Some(Count::from(12)));
        assert_eq!(pow(2, 130).quotient(&pow(2, 65)), Some(pow(2, 65)));
        assert_eq!(
            Count::from(5).quotient(&Count::from(7)),
            Some(Count::zero())
        );
        assert_eq!(Count::from(5).quotient(&Count::zero()), None);
        assert_eq!(Count::zero().quotient(&Count::from(3)), Some(Count::zero()));
    }

    #[test]
    fn checked_sub_and_exact_small_division_by_hand() {
        let big = pow(2, 130);
        let less = big.checked_sub(&Count::from(1)).expect("smaller");
        assert_eq!(less.to_string(), "1361129467683753853853498429727072845823");
        assert_eq!(Count::from(3).checked_sub(&Count::from(4)), None);
        assert_eq!(
            Count::from(4).checked_sub(&Count::from(4)),
            Some(Count::zero())
        );
        assert_eq!(pow(12, 40).exact_div_small(12), Some(pow(12, 39)));
        assert_eq!(pow(12, 40).exact_div_small(5), None);
        assert_eq!(Count::from(7).exact_div_small(0), None);
        assert_eq!(Count::zero().exact_div_small(3), Some(Count::zero()));
    }

    #[test]
    fn ratio_is_accurate_for_huge_counts() {
        let den = pow(12, 60);
        let num = pow(12, 59);
        assert!((Count::ratio(&num, &den) - 1.0 / 12.0).abs() < 1e-15);
        assert!(Count::ratio(&Count::zero(), &den) == 0.0);
        assert!(Count::ratio(&den, &Count::zero()).is_nan());
    }
}
