namespace DocStore.Extensions.DependencyInjection;

/// <summary>Where and how a hosted context opens its database.</summary>
public sealed class DocStoreHostOptions
{
    /// <summary>The database file path, or <see cref="DocStoreContext.InMemoryPath"/>. Required.</summary>
    public string Path { get; set; } = "";

    /// <summary>Durability, cache size and the other engine settings; the defaults when not set.</summary>
    public DocStoreOptions Options { get; set; } = new();
}
