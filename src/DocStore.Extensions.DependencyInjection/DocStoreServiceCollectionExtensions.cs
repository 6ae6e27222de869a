using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;

namespace DocStore.Extensions.DependencyInjection;

/// <summary>Registers DocStore contexts with a service collection.</summary>
/// <remarks>
/// Each context type has its own named <see cref="DocStoreHostOptions"/> (the name is the context type's
/// full name), bound from its section, then changed by its callback, and validated when the host starts.
/// </remarks>
public static class DocStoreServiceCollectionExtensions
{
    /// <summary>
    /// Registers <typeparamref name="TContext"/> as a singleton opened on first use with the options
    /// <paramref name="configure"/> sets, and disposed (checkpointed and closed) with the service provider,
    /// that is, when the host stops. One open context serves every request: it is thread-safe. The options
    /// are validated when the host starts. Registering the same context type again changes nothing.
    /// </summary>
    /// <typeparam name="TContext">The context (any generated context, or <see cref="DocStoreDatabase"/>).</typeparam>
    /// <param name="services">The service collection.</param>
    /// <param name="configure">Sets the path and options; <see cref="DocStoreHostOptions.Path"/> is required.</param>
    /// <returns>The service collection, for chaining.</returns>
    /// <exception cref="OptionsValidationException">
    /// When the host starts (or on first use without a host): no path was set, or a value is out of range;
    /// the message names the property and the value.
    /// </exception>
    public static IServiceCollection AddDocStore<TContext>(this IServiceCollection services, Action<DocStoreHostOptions> configure)
        where TContext : DocStoreContext, IOpenableContext<TContext>
    {
        ArgumentNullException.ThrowIfNull(services);
        ArgumentNullException.ThrowIfNull(configure);
        return services.Register<TContext>(section: null, configure);
    }

    /// <summary>
    /// Registers <typeparamref name="TContext"/> as a singleton whose path and options are bound from the
    /// configuration section <paramref name="configuration"/> (keys <c>Path</c>, <c>Durability</c>,
    /// <c>CacheSizePages</c>, <c>WriteLockTimeout</c>, <c>PageSize</c>, <c>AutoCheckpointFrames</c>, <c>JournalSizeLimit</c>,
    /// <c>UnbufferedWalWrites</c>, <c>RedoLog</c>, <c>ReadOnly</c>, <c>Compression</c>, <c>Sharing</c>,
    /// <c>BusyTimeout</c>), then changed by
    /// <paramref name="configure"/>: a property the callback sets wins, the section's other keys stay. Only the
    /// keys given are set on the context's <see cref="DocStoreOptions"/>. The options are validated when the
    /// host starts.
    /// </summary>
    /// <typeparam name="TContext">The context type.</typeparam>
    /// <param name="services">The service collection.</param>
    /// <param name="configuration">The section, for example <c>builder.Configuration.GetSection("DocStore")</c>.</param>
    /// <param name="configure">Optional changes applied after the section.</param>
    /// <returns>The service collection, for chaining.</returns>
    /// <exception cref="OptionsValidationException">
    /// When the host starts (or on first use without a host): a value does not convert or is out of range,
    /// or no path was set; the message names the key (with the section's path) and the value.
    /// </exception>
    public static IServiceCollection AddDocStore<TContext>(this IServiceCollection services, IConfiguration configuration, Action<DocStoreHostOptions>? configure = null)
        where TContext : DocStoreContext, IOpenableContext<TContext>
    {
        ArgumentNullException.ThrowIfNull(services);
        ArgumentNullException.ThrowIfNull(configuration);
        return services.Register<TContext>(configuration, configure);
    }

    private static IServiceCollection Register<TContext>(this IServiceCollection services, IConfiguration? section, Action<DocStoreHostOptions>? configure)
        where TContext : DocStoreContext, IOpenableContext<TContext>
    {
        // The first registration of a context type wins, as a second singleton of it would never be resolved.
        if (services.Any(d => d.ServiceType == typeof(TContext)))
        {
            return services;
        }

        var name = typeof(TContext).FullName ?? typeof(TContext).Name;
        var label = $"AddDocStore<{typeof(TContext).Name}>";
        var options = services.AddOptions<DocStoreHostOptions>(name);
        if (section is not null)
        {
            options.Configure(o => DocStoreHostBinding.Bind(section, o, name, label));
        }

        if (configure is not null)
        {
            options.Configure(configure);
        }

        options.ValidateOnStart();
        services.AddSingleton<IValidateOptions<DocStoreHostOptions>>(new DocStoreHostOptionsValidator(name, label, DocStoreHostBinding.KeyPrefix(section)));

        // The provider disposes singletons it created when it is disposed, which the host does on stop.
        services.AddSingleton(provider =>
        {
            var host = provider.GetRequiredService<IOptionsMonitor<DocStoreHostOptions>>().Get(name);
            return TContext.Open(host.Path, host.ToDocStoreOptions());
        });
        return services;
    }
}
