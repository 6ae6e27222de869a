using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;

namespace DocStore.Extensions.DependencyInjection;

/// <summary>Registers DocStore contexts with a service collection.</summary>
public static class DocStoreServiceCollectionExtensions
{
    /// <summary>
    /// Registers <typeparamref name="TContext"/> as a singleton opened on first use with the options
    /// <paramref name="configure"/> sets, and disposed (checkpointed and closed) with the service provider,
    /// that is, when the host stops. One open context serves every request: it is thread-safe.
    /// </summary>
    /// <typeparam name="TContext">The context (any generated context, or <see cref="DocStoreDatabase"/>).</typeparam>
    /// <param name="services">The service collection.</param>
    /// <param name="configure">Sets the path and options; <see cref="DocStoreHostOptions.Path"/> is required.</param>
    /// <returns>The service collection, for chaining.</returns>
    /// <exception cref="InvalidOperationException">On first use, when no path was set.</exception>
    public static IServiceCollection AddDocStore<TContext>(this IServiceCollection services, Action<DocStoreHostOptions> configure)
        where TContext : DocStoreContext, IOpenableContext<TContext>
    {
        ArgumentNullException.ThrowIfNull(services);
        ArgumentNullException.ThrowIfNull(configure);
        return services.AddDocStore<TContext>((_, options) => configure(options));
    }

    /// <summary>
    /// Registers <typeparamref name="TContext"/> as a singleton whose path and options come from the
    /// configuration section <paramref name="configuration"/> (keys <c>Path</c>, <c>Durability</c>,
    /// <c>CacheSizePages</c>, <c>WriteLockTimeout</c>, <c>PageSize</c>, <c>AutoCheckpointFrames</c>, <c>JournalSizeLimit</c>,
    /// <c>UnbufferedWalWrites</c>, <c>RedoLog</c>, <c>ReadOnly</c>, <c>Compression</c>), then from <paramref name="configure"/>.
    /// </summary>
    /// <typeparam name="TContext">The context type.</typeparam>
    /// <param name="services">The service collection.</param>
    /// <param name="configuration">The section, for example <c>builder.Configuration.GetSection("DocStore")</c>.</param>
    /// <param name="configure">Optional changes applied after the section.</param>
    /// <returns>The service collection, for chaining.</returns>
    /// <exception cref="InvalidOperationException">On first use, when a value does not parse (the message names the key) or no path was set.</exception>
    public static IServiceCollection AddDocStore<TContext>(this IServiceCollection services, IConfiguration configuration, Action<DocStoreHostOptions>? configure = null)
        where TContext : DocStoreContext, IOpenableContext<TContext>
    {
        ArgumentNullException.ThrowIfNull(services);
        ArgumentNullException.ThrowIfNull(configuration);
        return services.AddDocStore<TContext>((_, options) =>
        {
            DocStoreConfiguration.Apply(configuration, options);
            configure?.Invoke(options);
        });
    }

    private static IServiceCollection AddDocStore<TContext>(this IServiceCollection services, Action<IServiceProvider, DocStoreHostOptions> configure)
        where TContext : DocStoreContext, IOpenableContext<TContext>
    {
        // The provider disposes singletons it created when it is disposed, which the host does on stop.
        services.TryAddSingleton(provider =>
        {
            var options = new DocStoreHostOptions();
            configure(provider, options);
            if (string.IsNullOrWhiteSpace(options.Path))
            {
                throw new InvalidOperationException($"AddDocStore<{typeof(TContext).Name}>: no database path was configured (set DocStoreHostOptions.Path or the 'Path' key).");
            }

            return TContext.Open(options.Path, options.Options);
        });
        return services;
    }
}
