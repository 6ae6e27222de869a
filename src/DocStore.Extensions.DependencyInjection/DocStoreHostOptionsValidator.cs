using System.Globalization;
using Microsoft.Extensions.Options;

namespace DocStore.Extensions.DependencyInjection;

/// <summary>
/// Checks one context's <see cref="DocStoreHostOptions"/> by the engine's own rules, so a bad value fails the
/// host's start (<c>ValidateOnStart</c>) rather than the first request; each failure names the key and value.
/// </summary>
/// <param name="name">The options name of the context this validator checks; other names are skipped.</param>
/// <param name="label">How messages name the registration, for example <c>AddDocStore&lt;NotesDb&gt;</c>.</param>
/// <param name="keyPrefix">What messages put before a key: the section's path and a colon, or <c>DocStoreHostOptions.</c>.</param>
internal sealed class DocStoreHostOptionsValidator(string name, string label, string keyPrefix) : IValidateOptions<DocStoreHostOptions>
{
    public ValidateOptionsResult Validate(string? optionsName, DocStoreHostOptions options)
    {
        if (optionsName != name)
        {
            return ValidateOptionsResult.Skip;
        }

        var failures = new List<string>();
        if (string.IsNullOrWhiteSpace(options.Path))
        {
            failures.Add($"{label}: no database path was configured; set '{keyPrefix}{nameof(DocStoreHostOptions.Path)}'.");
        }

        CheckDefined(failures, nameof(DocStoreHostOptions.Durability), options.Durability);
        CheckDefined(failures, nameof(DocStoreHostOptions.Compression), options.Compression);
        CheckDefined(failures, nameof(DocStoreHostOptions.Sharing), options.Sharing);
        CheckRange(failures, nameof(DocStoreHostOptions.CacheSizePages), options.CacheSizePages, v => new DocStoreOptions { CacheSizePages = v });
        CheckRange(failures, nameof(DocStoreHostOptions.WriteLockTimeout), options.WriteLockTimeout, v => new DocStoreOptions { WriteLockTimeout = v });
        CheckRange(failures, nameof(DocStoreHostOptions.PageSize), options.PageSize, v => new DocStoreOptions { PageSize = v });
        CheckRange(failures, nameof(DocStoreHostOptions.AutoCheckpointFrames), options.AutoCheckpointFrames, v => new DocStoreOptions { AutoCheckpointFrames = v });
        CheckRange(failures, nameof(DocStoreHostOptions.JournalSizeLimit), options.JournalSizeLimit, v => new DocStoreOptions { JournalSizeLimit = v });
        CheckRange(failures, nameof(DocStoreHostOptions.BusyTimeout), options.BusyTimeout, v => new DocStoreOptions { BusyTimeout = v });
        return failures.Count == 0 ? ValidateOptionsResult.Success : ValidateOptionsResult.Fail(failures);
    }

    private void CheckDefined<T>(List<string> failures, string key, T? value)
        where T : struct, Enum
    {
        if (value is { } v && !Enum.IsDefined(v))
        {
            failures.Add($"{label}: '{keyPrefix}{key}' is '{v}'; expected one of {string.Join(", ", Enum.GetNames<T>())}.");
        }
    }

    // The engine's own check of the one setting, so the rules have one source.
    private void CheckRange<T>(List<string> failures, string key, T? value, Func<T, DocStoreOptions> options)
        where T : struct, IFormattable
    {
        if (value is not { } v)
        {
            return;
        }

        try
        {
            options(v).Storage.Validate();
        }
        catch (ArgumentOutOfRangeException e)
        {
            var reason = e.Message.Split(" (Parameter", 2)[0].TrimEnd('.');
            failures.Add($"{label}: '{keyPrefix}{key}' is '{v.ToString(null, CultureInfo.InvariantCulture)}', which is out of range ({reason}).");
        }
    }
}
