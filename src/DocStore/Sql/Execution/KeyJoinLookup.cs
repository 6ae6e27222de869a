using System.Collections;
using DocStore.Bson.Keys;
using DocStore.Sql.Bound;
using DocStore.Sql.Planning;

namespace DocStore.Sql.Execution;

/// <summary>
/// The inner side of an index nested loop that seeks the primary key with one value per outer row
/// (<c>o1.Id = o0.Id + 1</c>). An integer sought in a tree of integer keys has exactly one key, so it is
/// encoded on the stack and looked up directly, and the candidate is handed out through one reused
/// enumerator: a chain of key joins allocates nothing per row. Any other value (0 and 1, which booleans
/// also equal; doubles, text, NULL) takes the general seek of <see cref="SourceScans.Documents"/>.
/// One instance serves one join level of one execution, whose loop finishes each row's candidates
/// before it asks for the next row's.
/// </summary>
internal sealed class KeyJoinLookup : IEnumerable<ReadOnlyMemory<byte>>, IEnumerator<ReadOnlyMemory<byte>>
{
    private readonly SourcePlan _source;
    private readonly ExecState _state;
    private readonly BoundExpr _value;
    private BTree.Tree? _primary;
    private bool _opened;
    private bool _integersOnly;
    private bool _found;
    private bool _taken;

    private KeyJoinLookup(SourcePlan source, ExecState state, BoundExpr value)
    {
        _source = source;
        _state = state;
        _value = value;
    }

    public ReadOnlyMemory<byte> Current { get; private set; }

    object IEnumerator.Current => Current;

    /// <summary>The lookup for <paramref name="source"/> when it is a single-value key seek of a stored collection, else null.</summary>
    public static KeyJoinLookup? For(SourcePlan source, ExecState state) =>
        source is { Join: JoinMethod.IndexNestedLoop, BuildFilter: null, Access: { Kind: AccessKind.KeySeek, Equalities: [[var value]] } }
            && source.Source.Collection is { DerivedSlot: < 0, IsSystem: false }
            ? new KeyJoinLookup(source, state, value)
            : null;

    /// <summary>The documents matching the current outer row in <paramref name="row"/>.</summary>
    public IEnumerable<ReadOnlyMemory<byte>> Candidates(RowContext row)
    {
        if (!_opened)
        {
            // The tree and its number kinds do not change while one statement reads them.
            _primary = _state.Tree(_source.Source.Collection.PrimaryTree);
            _integersOnly = _primary is not null && _state.IntegersOnly(_primary);
            _opened = true;
        }

        if (_primary is null)
        {
            return [];
        }

        var value = _value.Eval(row);
        if (!_integersOnly || value.Kind != SqlKind.Integer || value.Integer is 0 or 1)
        {
            return SourceScans.Documents(_source, row, _state);
        }

        Span<byte> key = stackalloc byte[KeyEncoding.MaxFixedComponentSize];
        var writer = new KeyWriter(key);
        writer.WriteInt64(value.Integer);
        _found = _primary.TryGet(writer.WrittenSpan, out var document);
        Current = document;
        _taken = false;
        return this;
    }

    public IEnumerator<ReadOnlyMemory<byte>> GetEnumerator() => this;

    IEnumerator IEnumerable.GetEnumerator() => this;

    public bool MoveNext()
    {
        if (_taken || !_found)
        {
            return false;
        }

        _taken = true;
        return true;
    }

    public void Reset() => _taken = false;

    public void Dispose()
    {
    }
}
