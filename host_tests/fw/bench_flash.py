"""The benchmark's flash block device under the unix port's real LittleFS (test_bench.py)."""


def counts():
    """FileFlash mounted on flash.img (in the current folder): [a program counted, programs in whole
    256-byte pages, the erases of an erase ioctl and a plain writeblocks, the block count, the block size]."""
    from benchlib.timing import mount

    bdev = mount("flash.img")
    with open("/flash/a.txt", "w") as f:
        f.write("x" * 100)
    out = [bdev.counts[1] >= 1, bdev.counts[2] % 256 == 0]
    e = bdev.counts[0]
    bdev.ioctl(6, 300)
    bdev.writeblocks(301, bytearray(4096))
    return out + [bdev.counts[0] - e, bdev.ioctl(4, 0), bdev.ioctl(5, 0)]
