using DocStore.Cli.Hosting;

namespace DocStore.Cli.Copy;

/// <summary>The two databases `docstore copy` names: each a file path or <c>postgres:&lt;connection string&gt;</c>.</summary>
internal sealed class CopyEnds
{
    private readonly string _source;
    private readonly string _destination;
    private readonly PostgresAddress? _sourceServer;
    private readonly PostgresAddress? _destinationServer;

    /// <exception cref="CliUsageException">A connection string is malformed, or both ends are files or the same schema.</exception>
    public CopyEnds(string source, string destination)
    {
        _source = source;
        _destination = destination;
        _sourceServer = PostgresAddress.Names(source) ? PostgresAddress.Parse(source) : null;
        _destinationServer = PostgresAddress.Names(destination) ? PostgresAddress.Parse(destination) : null;
        if (_sourceServer is null && _destinationServer is null)
        {
            throw new CliUsageException("copy moves a database between a file and PostgreSQL (postgres:<connection string>); to copy a file, use docstore backup.");
        }

        if (_sourceServer is not null && _destinationServer is not null && _sourceServer.Place == _destinationServer.Place)
        {
            throw new CliUsageException("The source and the destination are the same PostgreSQL database and schema.");
        }
    }

    /// <summary>The source as printed: the path, or the connection string without its password.</summary>
    public string Source => _sourceServer?.Description ?? _source;

    public string Destination => _destinationServer?.Description ?? _destination;

    public ICopySource OpenSource() => _sourceServer is null ? new FileSource(_source) : new PostgresSource(_sourceServer);

    public ICopyDestination OpenDestination() => _destinationServer is null ? new FileDestination(_destination) : new PostgresDestination(_destinationServer);

    /// <summary><paramref name="text"/> without either connection string's password.</summary>
    public string Redact(string text) => _destinationServer?.Redact(_sourceServer?.Redact(text) ?? text) ?? _sourceServer?.Redact(text) ?? text;
}
