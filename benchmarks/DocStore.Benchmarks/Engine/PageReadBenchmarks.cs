using System.Security.Cryptography;
using BenchmarkDotNet.Attributes;
using DocStore.Storage.Devices;
using DocStore.Storage.Encryption;
using DocStore.Storage.Pages;

namespace DocStore.Benchmarks.Engine;

/// <summary>
/// The cold miss path below the cache, one random 8 KiB page per call: the plain file's read, the encrypted
/// file's read and decrypt, and the cipher alone (AES-256-GCM of one page), so the share of the cipher in an
/// encrypted miss is read off one table (the minimum is the figure to read on a loaded machine). The file
/// (2,048 pages) stays in the OS page cache.
/// </summary>
[MemoryDiagnoser]
[MinColumn]
[MedianColumn]
public class PageReadBenchmarks : IDisposable
{
    private const int Pages = 2048;
    private const int PageSize = PageLayout.DefaultPageSize;
    private readonly byte[] _image = new byte[PageSize];
    private readonly byte[] _slot = new byte[PageSize + BlockCipher.Overhead];
    private string _plainPath = "";
    private string _encryptedPath = "";
    private FileStorageDevice _plain = null!;
    private EncryptedDevice _encrypted = null!;
    private BlockCipher _cipher = null!;
    private long _next;

    [GlobalSetup]
    public void Setup()
    {
        var random = new Random(3);
        var page = new byte[PageSize];
        _plainPath = BenchmarkFiles.NewPath("plain.db");
        _encryptedPath = BenchmarkFiles.NewPath("encrypted.db");
        _plain = FileStorageDevice.Open(_plainPath);
        var key = DatabaseKey.New(new EncryptionSecret(RandomNumberGenerator.GetBytes(32), null, 0), PageSize);
        _encrypted = key.WrapDatabase(FileStorageDevice.Open(_encryptedPath));
        for (var i = 0; i < Pages; i++)
        {
            random.NextBytes(page);
            _plain.Write((long)i * PageSize, page);
            _encrypted.Write((long)i * PageSize, page);
        }

        _cipher = new BlockCipher(RandomNumberGenerator.GetBytes(32), RandomNumberGenerator.GetBytes(16), 1);
        _cipher.Encrypt(7, page, _slot);
    }

    // A multiplicative step over the pages: every page in turn, in no order the read-ahead can follow.
    private long NextOffset() => (_next = (_next + 1237) % Pages) * PageSize;

    [Benchmark(Baseline = true)]
    public int PlainPageRead() => _plain.Read(NextOffset(), _image);

    [Benchmark]
    public int EncryptedPageRead() => _encrypted.Read(NextOffset(), _image);

    [Benchmark]
    public bool DecryptOnly() => _cipher.TryDecrypt(7, _slot, _image);

    [GlobalCleanup]
    public void Dispose()
    {
        _plain?.Dispose();
        _encrypted?.Dispose();
        _cipher?.Dispose();
        BenchmarkFiles.DeleteDirectoryOf(_plainPath);
        BenchmarkFiles.DeleteDirectoryOf(_encryptedPath);
        GC.SuppressFinalize(this);
    }
}
