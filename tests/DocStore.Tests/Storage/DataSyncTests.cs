using DocStore.Storage.Devices;
using DocStore.Tests.Support;

namespace DocStore.Tests.Storage;

public sealed class DataSyncTests
{
    [Fact]
    public void A_flushed_file_device_reads_back_what_was_written()
    {
        using var dir = new TempDirectory();
        var path = dir.File("d.db");
        using (var device = FileStorageDevice.Open(path))
        {
            device.Write(0, new byte[] { 1, 2, 3 });
            device.Flush();
            device.Write(8192, new byte[] { 4 });
            device.Flush();
        }

        var bytes = File.ReadAllBytes(path);
        Assert.Equal(8193, bytes.Length);
        Assert.Equal(new byte[] { 1, 2, 3 }, bytes[..3]);
        Assert.Equal(4, bytes[8192]);
    }

    [LinuxFact]
    public void A_failed_flush_throws_an_io_exception_naming_the_file()
    {
        // fdatasync refuses a FIFO (EINVAL): the one failure a test can cause on purpose.
        using var dir = new TempDirectory();
        var fifo = dir.File("pipe");
        using (var mkfifo = System.Diagnostics.Process.Start("mkfifo", [fifo]))
        {
            mkfifo.WaitForExit();
            Assert.Equal(0, mkfifo.ExitCode);
        }

        using var handle = File.OpenHandle(fifo, FileMode.Open, FileAccess.ReadWrite);
        var ex = Assert.Throws<IOException>(() => DataSync.Flush(handle, "the pipe"));
        Assert.Contains("the pipe", ex.Message, StringComparison.Ordinal);
        Assert.Contains("errno 22", ex.Message, StringComparison.Ordinal);
    }
}
