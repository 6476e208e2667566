package store

import (
	"hash/crc32"
	"math/rand/v2"
	"testing"
)

// TestSealSumBothWays: the small table, a byte at a time, and hash/crc32's
// table give the same CRC-32C, for every length up to a few pages, keys
// short and long, and across the switch from one to the other.
func TestSealSumBothWays(t *testing.T) {
	ref := crc32.MakeTable(crc32.Castagnoli)
	want := func(bucket, key, v []byte) uint32 {
		c := crc32.Update(0, ref, bucket)
		c = crc32.Update(c, ref, []byte{0})
		c = crc32.Update(c, ref, key)
		c = crc32.Update(c, ref, []byte{0})
		return crc32.Update(c, ref, v)
	}
	r := rand.New(rand.NewPCG(1, 2))
	buf := make([]byte, 3*4096)
	for i := range buf {
		buf[i] = byte(r.Uint32())
	}
	if got, w := crcSmall(0, smallTable(), []byte("123456789")), uint32(0xE3069283); got != w {
		t.Fatalf("CRC-32C of 123456789 by the small table: %#x, want %#x", got, w)
	}
	for n := 0; n <= len(buf); n += 1 + n/7 {
		v := buf[:n]
		if got, w := crcSmall(0, smallTable(), v), crc32.Checksum(v, ref); got != w {
			t.Fatalf("%d bytes: small table %#x, crc32 %#x", n, got, w)
		}
	}
	summed.Store(0)
	defer summed.Store(0)
	for done := 0; done <= 2*smallSums; {
		v := buf[:r.IntN(len(buf))]
		done += len(v)
		key := buf[len(buf)-8-r.IntN(8):]
		if r.IntN(4) == 0 {
			key = buf[len(buf)-r.IntN(80):]
		}
		if got, w := sealSum(bucketEvents, key, v), want(bucketEvents, key, v); got != w {
			t.Fatalf("after %d bytes summed, %d bytes: %#x, want %#x", summed.Load(), len(v), got, w)
		}
		if _, ok := unseal(bucketEvents, key, seal(bucketEvents, key, v)); !ok {
			t.Fatalf("after %d bytes summed: a sealed value does not unseal", summed.Load())
		}
	}
}

func BenchmarkSealSumSmall(b *testing.B) {
	v := make([]byte, 200)
	key := eventKey(7, 3)
	for b.Loop() {
		summed.Store(0)
		sealSum(bucketEvents, key, v)
	}
}

func BenchmarkCRCSmallTable(b *testing.B) {
	v := make([]byte, 4096)
	b.SetBytes(int64(len(v)))
	t := smallTable()
	for b.Loop() {
		crcSmall(0, t, v)
	}
}

func BenchmarkCRC32Table(b *testing.B) {
	v := make([]byte, 4096)
	b.SetBytes(int64(len(v)))
	t := castagnoli()
	for b.Loop() {
		crc32.Update(0, t, v)
	}
}
