using DocStore.Tests.Support;

namespace DocStore.Tests.Storage;

/// <summary>
/// Options the engine cannot use (an enum value cast from a number the enum does not define, an empty password,
/// a key of the wrong length, a page cache too small) are refused at open, naming the option, before any file is made.
/// </summary>
public sealed class OptionChoicesTests
{
    public static TheoryData<string, DocStoreOptions> Undefined => new()
    {
        { "Sharing", new DocStoreOptions { Sharing = (DocStoreSharing)7 } },
        { "Durability", new DocStoreOptions { Durability = (Durability)42 } },
        { "Compression", new DocStoreOptions { Compression = (ValueCompression)9 } },
        { "Password", new DocStoreOptions { Password = "" } },
        { "EncryptionKey", new DocStoreOptions { EncryptionKey = new byte[16] } },
        { "CacheSizePages", new DocStoreOptions { CacheSizePages = 1 } },
        { "BusyTimeout", new DocStoreOptions { BusyTimeout = TimeSpan.FromSeconds(-3), Sharing = DocStoreSharing.Shared } },
    };

    [Theory]
    [MemberData(nameof(Undefined))]
    public void An_undefined_value_is_refused_naming_the_option_and_creates_nothing(string option, DocStoreOptions options)
    {
        using var dir = new TempDirectory();
        var path = dir.File("app.db");

        var ex = Assert.ThrowsAny<ArgumentException>(() => DocStoreDatabase.Open(path, options));

        Assert.Equal(option, ex.ParamName);
        Assert.Empty(Directory.GetFiles(dir.Path));
    }
}
