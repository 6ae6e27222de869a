using System.Reflection;
using DocStore.Storage;

namespace DocStore.Tests.Architecture;

/// <summary>DocStoreOptions is the one public options type: it offers every engine setting, with the engine's defaults, and passes each one on.</summary>
public sealed class OptionsTests
{
    [Fact]
    public void Every_engine_setting_is_offered_with_the_same_default_and_passed_on()
    {
        var defaults = new DocStoreOptions();
        var mapped = defaults.Storage;
        var engineDefaults = new StorageOptions();
        foreach (var setting in typeof(StorageOptions).GetProperties(BindingFlags.Public | BindingFlags.Instance))
        {
            var offered = typeof(DocStoreOptions).GetProperty(setting.Name);
            Assert.True(offered is not null, $"DocStoreOptions lacks the engine setting {setting.Name}.");
            Assert.Equal(setting.PropertyType, offered!.PropertyType);
            Assert.Equal(setting.GetValue(engineDefaults), offered.GetValue(defaults));
            Assert.Equal(offered.GetValue(defaults), setting.GetValue(mapped));
        }
    }

    [Fact]
    public void Changed_settings_reach_the_engine()
    {
        var options = new DocStoreOptions
        {
            Durability = Durability.Normal,
            CacheSizePages = 99,
            WriteLockTimeout = TimeSpan.FromSeconds(3),
            PageSize = 4096,
            AutoCheckpointFrames = 7,
            JournalSizeLimit = 1 << 20,
            UnbufferedWalWrites = false,
            RedoLog = false,
        };
        var mapped = options.Storage;
        foreach (var setting in typeof(StorageOptions).GetProperties(BindingFlags.Public | BindingFlags.Instance))
        {
            Assert.Equal(typeof(DocStoreOptions).GetProperty(setting.Name)!.GetValue(options), setting.GetValue(mapped));
        }
    }
}
