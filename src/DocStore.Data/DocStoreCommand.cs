using System.Data;
using System.Data.Common;
using System.Diagnostics.CodeAnalysis;
using DocStore.Bson.Model;

namespace DocStore.Data;

/// <summary>
/// A SQL command (docs/sql.md) on a <see cref="DocStoreConnection"/>. The text may hold several statements
/// separated by ';' (one result each). Texts are parsed once and cached by the engine; <see cref="Prepare"/>
/// also keeps the parsed statement on the command. Commands run in the connection's transaction when it
/// has one, whether or not <see cref="Transaction"/> is set.
/// </summary>
public sealed class DocStoreCommand : DbCommand
{
    private string _text = string.Empty;
    private SqlPreparedStatement? _prepared;
    private DocStoreContext? _preparedFor;
    private DocStoreDataReader? _reader;

    /// <summary>Creates a command with no text or connection.</summary>
    public DocStoreCommand()
    {
    }

    /// <summary>Creates a command.</summary>
    /// <param name="commandText">The SQL text.</param>
    /// <param name="connection">The connection.</param>
    public DocStoreCommand(string? commandText, DocStoreConnection? connection = null)
    {
        CommandText = commandText;
        Connection = connection;
    }

    /// <summary>The SQL text.</summary>
    [AllowNull]
    public override string CommandText
    {
        get => _text;
        set
        {
            _text = value ?? string.Empty;
            _prepared = null;
            _preparedFor = null;
        }
    }

    /// <summary>Accepted for compatibility; statements are not interrupted by a timeout.</summary>
    public override int CommandTimeout { get; set; } = 30;

    /// <summary>Only <see cref="CommandType.Text"/> is supported.</summary>
    /// <exception cref="NotSupportedException">Setting another type.</exception>
    public override CommandType CommandType
    {
        get => CommandType.Text;
        set
        {
            if (value != CommandType.Text)
            {
                throw new NotSupportedException($"DocStore runs SQL text only; CommandType.{value} is not supported.");
            }
        }
    }

    /// <summary>Accepted for compatibility; ignored.</summary>
    public override bool DesignTimeVisible { get; set; }

    /// <summary>Accepted for compatibility; ignored.</summary>
    public override UpdateRowSource UpdatedRowSource { get; set; }

    /// <summary>The connection the command runs on.</summary>
    public new DocStoreConnection? Connection { get; set; }

    /// <summary>The parameters.</summary>
    public new DocStoreParameterCollection Parameters { get; } = new();

    /// <summary>The transaction; it must belong to <see cref="Connection"/>. Commands run in the connection's open transaction anyway.</summary>
    public new DocStoreDataTransaction? Transaction { get; set; }

    /// <inheritdoc cref="Connection"/>
    protected override DbConnection? DbConnection
    {
        get => Connection;
        set => Connection = value switch
        {
            null => null,
            DocStoreConnection c => c,
            _ => throw new ArgumentException($"A DocStoreCommand needs a DocStoreConnection, not {value.GetType().Name}.", nameof(value)),
        };
    }

    /// <inheritdoc cref="Parameters"/>
    protected override DbParameterCollection DbParameterCollection => Parameters;

    /// <inheritdoc cref="Transaction"/>
    protected override DbTransaction? DbTransaction
    {
        get => Transaction;
        set => Transaction = value switch
        {
            null => null,
            DocStoreDataTransaction t => t,
            _ => throw new ArgumentException($"A DocStoreCommand needs a DocStoreDataTransaction, not {value.GetType().Name}.", nameof(value)),
        };
    }

    /// <summary>Not supported: statements run to completion.</summary>
    public override void Cancel()
    {
    }

    /// <summary>Creates a parameter (add it to <see cref="Parameters"/>).</summary>
    /// <returns>The parameter.</returns>
    [SuppressMessage("Performance", "CA1822:Mark members as static", Justification = "Hides the DbCommand instance method of the same name.")]
    public new DocStoreParameter CreateParameter() => new();

    /// <summary>Parses the text now and keeps it on the command, so executions skip even the cache lookup.</summary>
    /// <exception cref="SqlSyntaxException">The text is malformed.</exception>
    public override void Prepare()
    {
        _preparedFor = Open();
        _prepared = _preparedFor.Sql.Prepare(_text);
    }

    /// <summary>Runs the text and returns a reader over its results.</summary>
    /// <returns>The reader; dispose it.</returns>
    /// <exception cref="SqlSyntaxException">The text is malformed.</exception>
    /// <exception cref="SqlExecutionException">A name is unknown, a parameter is missing, or a statement cannot run.</exception>
    public new DocStoreDataReader ExecuteReader() => ExecuteReader(CommandBehavior.Default);

    /// <summary>Runs the text and returns a reader over its results.</summary>
    /// <param name="behavior">With <see cref="CommandBehavior.CloseConnection"/>, closing the reader closes the connection; other flags are ignored.</param>
    /// <returns>The reader; dispose it.</returns>
    public new DocStoreDataReader ExecuteReader(CommandBehavior behavior)
    {
        var context = Open();
        var connection = Connection!;
        if (_reader is { IsClosed: false })
        {
            throw new InvalidOperationException("The command already has an open reader: close it first.");
        }

        if (Transaction is { } transaction && !ReferenceEquals(transaction.Connection, connection))
        {
            throw new InvalidOperationException("The command's transaction belongs to another connection, or has already ended.");
        }

        var statement = _prepared is not null && ReferenceEquals(_preparedFor, context) ? _prepared : context.Sql.Prepare(_text);
        var rows = statement.ExecuteReader(Parameters.ToSqlParameters(), connection.Session);
        _reader = new DocStoreDataReader(rows, this);
        _closeConnection = (behavior & CommandBehavior.CloseConnection) != 0;
        return _reader;
    }

    /// <summary>Runs every statement and returns the rows they changed (-1 when none is a write).</summary>
    /// <returns>The count.</returns>
    public override int ExecuteNonQuery()
    {
        using var reader = ExecuteReader();
        while (reader.NextResult())
        {
        }

        return reader.RecordsAffected;
    }

    /// <summary>Runs the text and returns the first column of the first row (as <see cref="DocStoreDataReader.GetValue"/> gives it), or null when there is none.</summary>
    /// <returns>The value, <see cref="DBNull"/> for NULL, or null for no row.</returns>
    public override object? ExecuteScalar()
    {
        using var reader = ExecuteReader();
        return reader.FieldCount > 0 && reader.Read() ? reader.GetValue(0) : null;
    }

    /// <summary>The asynchronous twin of <see cref="ExecuteReader()"/> (statements complete synchronously).</summary>
    /// <param name="cancellationToken">Checked before the statement runs.</param>
    /// <returns>The reader.</returns>
    public new Task<DocStoreDataReader> ExecuteReaderAsync(CancellationToken cancellationToken = default)
    {
        cancellationToken.ThrowIfCancellationRequested();
        return Task.FromResult(ExecuteReader());
    }

    /// <summary>The asynchronous twin of <see cref="ExecuteNonQuery"/>.</summary>
    /// <param name="cancellationToken">Checked before the statement runs.</param>
    /// <returns>The count.</returns>
    public override Task<int> ExecuteNonQueryAsync(CancellationToken cancellationToken)
    {
        cancellationToken.ThrowIfCancellationRequested();
        return Task.FromResult(ExecuteNonQuery());
    }

    /// <summary>The asynchronous twin of <see cref="ExecuteScalar"/>.</summary>
    /// <param name="cancellationToken">Checked before the statement runs.</param>
    /// <returns>The value.</returns>
    public override Task<object?> ExecuteScalarAsync(CancellationToken cancellationToken)
    {
        cancellationToken.ThrowIfCancellationRequested();
        return Task.FromResult(ExecuteScalar());
    }

    /// <summary>The first column of the first row as the engine produced it, or <see cref="BsonNull"/>.</summary>
    /// <returns>The value.</returns>
    public BsonValue ExecuteBsonScalar()
    {
        using var reader = ExecuteReader();
        return reader.FieldCount > 0 && reader.Read() ? reader.GetBsonValue(0) : BsonNull.Value;
    }

    /// <summary>The reader has closed; with <see cref="CommandBehavior.CloseConnection"/> the connection closes too.</summary>
    internal void ReaderClosed(DocStoreDataReader reader)
    {
        if (ReferenceEquals(_reader, reader))
        {
            _reader = null;
            if (_closeConnection)
            {
                Connection?.Close();
            }
        }
    }

    private bool _closeConnection;

    /// <inheritdoc cref="ExecuteReader(CommandBehavior)"/>
    protected override DbDataReader ExecuteDbDataReader(CommandBehavior behavior) => ExecuteReader(behavior);

    /// <inheritdoc cref="CreateParameter"/>
    protected override DbParameter CreateDbParameter() => CreateParameter();

    /// <inheritdoc cref="ExecuteReaderAsync(CancellationToken)"/>
    protected override Task<DbDataReader> ExecuteDbDataReaderAsync(CommandBehavior behavior, CancellationToken cancellationToken)
    {
        cancellationToken.ThrowIfCancellationRequested();
        return Task.FromResult<DbDataReader>(ExecuteReader(behavior));
    }

    private DocStoreContext Open()
    {
        var connection = Connection ?? throw new InvalidOperationException("The command has no Connection.");
        return connection.State == ConnectionState.Open ? connection.Context! : throw new InvalidOperationException("The connection is not open: call Open first.");
    }
}
