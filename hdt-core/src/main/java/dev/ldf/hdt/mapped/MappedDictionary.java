package dev.ldf.hdt.mapped;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Map;

import org.rdfhdt.hdt.dictionary.Dictionary;
import org.rdfhdt.hdt.dictionary.DictionarySection;
import org.rdfhdt.hdt.enums.TripleComponentRole;
import org.rdfhdt.hdt.hdt.HDTVocabulary;
import org.rdfhdt.hdt.header.Header;
import org.rdfhdt.hdt.options.ControlInfo;
import org.rdfhdt.hdt.options.ControlInformation;
import org.rdfhdt.hdt.util.io.CountInputStream;
import org.rdfhdt.hdt.util.io.IOUtil;
import org.rdfhdt.hdt.util.string.ByteString;
import org.rdfhdt.hdt.util.string.CompactString;
import org.rdfhdt.hdt.util.string.DelayedString;

import dev.ldf.hdt.term.TermReader;

/**
 * An HDT file's four-section dictionary, with terms decoded and looked up straight from the
 * mapped file ({@link MappedPfcSection}) at the speed of a loaded one. Identifiers follow hdt-java's
 * four-section dictionary exactly (shared terms first for subjects and objects); what this class
 * does not answer itself (sizes, sections, the header) it asks the dictionary hdt-java mapped.
 * Thread-safe.
 */
public final class MappedDictionary implements Dictionary {

    private final ThreadLocal<Reader> readers = ThreadLocal.withInitial(Reader::new);

    private final Dictionary mapped;
    private final MappedPfcSection shared;
    private final MappedPfcSection subjects;
    private final MappedPfcSection predicates;
    private final MappedPfcSection objects;

    private MappedDictionary(Dictionary mapped, MappedPfcSection[] sections) {
        this.mapped = mapped;
        this.shared = sections[0];
        this.subjects = sections[1];
        this.predicates = sections[2];
        this.objects = sections[3];
    }

    /**
     * The dictionary of {@code hdtFile} read in place, in front of {@code mapped} (the one hdt-java
     * mapped from the same file), or {@code mapped} itself when the file's dictionary is not the
     * four-section one with plain front coding that this class reads.
     */
    public static Dictionary over(Path hdtFile, Dictionary mapped) throws IOException {
        return over(hdtFile, mapped, MappedPfcSection.CHUNK_BYTES);
    }

    /** As {@link #over(Path, Dictionary)}, with mappings of up to {@code chunkBytes} each. */
    static Dictionary over(Path hdtFile, Dictionary mapped, long chunkBytes) throws IOException {
        if (!HDTVocabulary.DICTIONARY_TYPE_FOUR_SECTION.equals(mapped.getType())) {
            return mapped;
        }
        MappedPfcSection[] sections = new MappedPfcSection[4];
        // The mappings outlive the channel: it is open only while they are made.
        try (FileChannel channel = FileChannel.open(hdtFile, StandardOpenOption.READ);
                InputStream file = Files.newInputStream(hdtFile)) {
            CountInputStream in = new CountInputStream(new BufferedInputStream(file, 1 << 16));
            ControlInfo ci = new ControlInformation();
            ci.load(in); // the file's own
            ci.clear();
            ci.load(in);
            IOUtil.skip(in, ci.getInt("length")); // the header: hdt-java has read it
            ci.clear();
            ci.load(in);
            if (ci.getType() != ControlInfo.Type.DICTIONARY
                    || !HDTVocabulary.DICTIONARY_TYPE_FOUR_SECTION.equals(ci.getFormat())) {
                return mapped;
            }
            for (int i = 0; i < sections.length; i++) {
                in.mark(1);
                int type = in.read();
                in.reset();
                if (type != MappedPfcSection.TYPE_PFC) {
                    closeAll(sections);
                    return mapped;
                }
                sections[i] = MappedPfcSection.read(in, hdtFile.toFile(), channel, chunkBytes);
            }
        } catch (IOException | RuntimeException e) {
            closeAll(sections);
            throw e;
        }
        return new MappedDictionary(mapped, sections);
    }

    private static void closeAll(MappedPfcSection[] sections) throws IOException {
        for (MappedPfcSection s : sections) {
            if (s != null) {
                s.close();
            }
        }
    }

    /** A term as a fresh string, or null for an id the dictionary lacks; {@link #reader()} copies less. */
    @Override
    public CharSequence idToString(long id, TripleComponentRole role) {
        Reader reader = readers.get();
        return reader.decode(id, role) ? new CompactString(Arrays.copyOf(reader.bytes(), reader.length())) : null;
    }

    /** As hdt-java's: 0 for no term, -1 for a term the dictionary lacks in that role. */
    @Override
    public long stringToId(CharSequence str, TripleComponentRole role) {
        CharSequence term = DelayedString.unwrap(str);
        if (term == null || term.length() == 0) {
            return 0;
        }
        byte[] bytes = term instanceof ByteString b
                ? Arrays.copyOf(b.getBuffer(), b.length())
                : term.toString().getBytes(StandardCharsets.UTF_8);
        Reader reader = readers.get();
        long id;
        switch (role) {
            case SUBJECT -> {
                id = shared.locate(bytes, reader.sharedAsSubject);
                if (id > 0) {
                    return id;
                }
                id = subjects.locate(bytes, reader.subjects);
                return id > 0 ? id + shared.size() : -1;
            }
            case OBJECT -> {
                if (bytes[0] != '"') {
                    id = shared.locate(bytes, reader.sharedAsObject);
                    if (id > 0) {
                        return id;
                    }
                }
                id = objects.locate(bytes, reader.objects);
                return id > 0 ? id + shared.size() : -1;
            }
            case PREDICATE -> {
                id = predicates.locate(bytes, reader.predicates);
                return id > 0 ? id : -1;
            }
            default -> throw new IllegalArgumentException("no terms in role " + role);
        }
    }

    /** A reader of terms for one thread, which decodes into buffers it reuses. */
    public Reader reader() {
        return new Reader();
    }

    /**
     * Decodes terms into buffers of its own, without a copy per term. Ids that ascend within a role
     * (subjects in a dump) cost one string each. Not thread-safe.
     */
    public final class Reader implements TermReader {
        // Subjects and objects each have their own place in the shared section.
        private final MappedPfcSection.Cursor sharedAsSubject = new MappedPfcSection.Cursor();
        private final MappedPfcSection.Cursor sharedAsObject = new MappedPfcSection.Cursor();
        private final MappedPfcSection.Cursor subjects = new MappedPfcSection.Cursor();
        private final MappedPfcSection.Cursor predicates = new MappedPfcSection.Cursor();
        private final MappedPfcSection.Cursor objects = new MappedPfcSection.Cursor();
        private MappedPfcSection.Cursor last = predicates;

        private Reader() {
        }

        @Override
        public boolean decode(long id, TripleComponentRole role) {
            long sharedCount = shared.size();
            MappedPfcSection section;
            switch (role) {
                case SUBJECT -> {
                    section = id <= sharedCount ? shared : MappedDictionary.this.subjects;
                    last = id <= sharedCount ? sharedAsSubject : subjects;
                }
                case OBJECT -> {
                    section = id <= sharedCount ? shared : MappedDictionary.this.objects;
                    last = id <= sharedCount ? sharedAsObject : objects;
                }
                case PREDICATE -> {
                    section = MappedDictionary.this.predicates;
                    last = predicates;
                }
                default -> throw new IllegalArgumentException("no terms in role " + role);
            }
            return section.decode(role != TripleComponentRole.PREDICATE && id > sharedCount ? id - sharedCount : id, last);
        }

        @Override
        public byte[] bytes() {
            return last.bytes();
        }

        @Override
        public int length() {
            return last.length();
        }
    }

    @Override
    public CharSequence dataTypeOfId(long id) {
        return mapped.dataTypeOfId(id);
    }

    @Override
    public long getNumberOfElements() {
        return mapped.getNumberOfElements();
    }

    @Override
    public long size() {
        return mapped.size();
    }

    @Override
    public long getNsubjects() {
        return mapped.getNsubjects();
    }

    @Override
    public long getNpredicates() {
        return mapped.getNpredicates();
    }

    @Override
    public long getNobjects() {
        return mapped.getNobjects();
    }

    @Override
    public long getNAllObjects() {
        return mapped.getNAllObjects();
    }

    @Override
    public long getNshared() {
        return mapped.getNshared();
    }

    @Override
    public DictionarySection getSubjects() {
        return mapped.getSubjects();
    }

    @Override
    public DictionarySection getPredicates() {
        return mapped.getPredicates();
    }

    @Override
    public DictionarySection getObjects() {
        return mapped.getObjects();
    }

    @Override
    public Map<? extends CharSequence, DictionarySection> getAllObjects() {
        return mapped.getAllObjects();
    }

    @Override
    public DictionarySection getShared() {
        return mapped.getShared();
    }

    @Override
    public void populateHeader(Header header, String rootNode) {
        mapped.populateHeader(header, rootNode);
    }

    @Override
    public String getType() {
        return mapped.getType();
    }

    /** Releases this class's own mappings; hdt-java's dictionary is closed with its HDT. */
    @Override
    public void close() throws IOException {
        closeAll(new MappedPfcSection[] {shared, subjects, predicates, objects});
    }
}
