package dev.rhizome.neo4jtestserver;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Stream;

import org.neo4j.configuration.GraphDatabaseInternalSettings;
import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.connectors.BoltConnector;
import org.neo4j.configuration.connectors.ConnectorPortRegister;
import org.neo4j.configuration.connectors.ConnectorType;
import org.neo4j.configuration.helpers.SocketAddress;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.dbms.api.DatabaseManagementServiceBuilder;
import org.neo4j.graphdb.GraphDatabaseService;
import org.neo4j.kernel.internal.GraphDatabaseAPI;

/**
 * Test-only Neo4j Community server: Bolt on 127.0.0.1, no TLS, data in a temp dir that is deleted on exit.
 * Usage: java -Xmx512m -jar target/neo4j-test-server.jar [port] [--no-stdin]
 * Port: first argument, else $NEO4J_TEST_PORT, else 7687; 0 picks a free port (the READY line says which).
 * Auth: disabled, unless $NEO4J_TEST_PASSWORD is set (8+ chars), then user neo4j with that password.
 * Prints "READY bolt://127.0.0.1:PORT" once the neo4j database is available. Stops on SIGTERM/SIGINT,
 * and when stdin reaches EOF (unless --no-stdin is given, for launchers that start it with stdin on /dev/null).
 */
public final class Neo4jTestServer {
    public static void main(String[] args) throws Exception {
        boolean watchStdin = true;
        String portArg = System.getenv().getOrDefault("NEO4J_TEST_PORT", "7687");
        for (String a : args) {
            if (a.equals("--no-stdin")) watchStdin = false;
            else portArg = a;
        }
        int port = Integer.parseInt(portArg.trim());
        String password = System.getenv("NEO4J_TEST_PASSWORD");
        boolean auth = password != null && !password.isEmpty();
        long pageCacheMb = Long.parseLong(System.getenv().getOrDefault("NEO4J_TEST_PAGECACHE_MB", "64"));

        Path home = Files.createTempDirectory("rhizome-neo4j-");
        DatabaseManagementService dbms;
        try {
            dbms = new DatabaseManagementServiceBuilder(home)
                    .setConfig(BoltConnector.enabled, true)
                    .setConfig(BoltConnector.listen_address, new SocketAddress("127.0.0.1", port))
                    .setConfig(BoltConnector.encryption_level, BoltConnector.EncryptionLevel.DISABLED)
                    .setConfig(GraphDatabaseSettings.auth_enabled, auth)
                    .setConfig(GraphDatabaseSettings.pagecache_memory, pageCacheMb * 1024 * 1024)
                    .setConfig(GraphDatabaseSettings.preallocate_logical_logs, false)
                    // Netty's default 2 s quiet period per event loop group makes shutdown take ~11 s
                    .setConfig(GraphDatabaseInternalSettings.netty_server_shutdown_quiet_period, 0)
                    .build();
        } catch (RuntimeException e) { // e.g. port in use: leave no temp dir behind
            deleteTree(home);
            throw e;
        }

        CountDownLatch stopped = new CountDownLatch(1);
        Thread shutdown = new Thread(() -> {
            try {
                dbms.shutdown();
            } catch (RuntimeException e) {
                System.err.println("neo4j-test-server: shutdown error: " + e);
            }
            deleteTree(home);
            System.out.println("STOPPED");
            System.out.flush();
            stopped.countDown();
        }, "neo4j-test-server-shutdown");
        Runtime.getRuntime().addShutdownHook(shutdown);

        GraphDatabaseService db = dbms.database(GraphDatabaseSettings.DEFAULT_DATABASE_NAME);
        if (!db.isAvailable(120_000)) {
            System.err.println("neo4j-test-server: database 'neo4j' not available after 120 s");
            System.exit(2);
        }
        GraphDatabaseService system = dbms.database(GraphDatabaseSettings.SYSTEM_DATABASE_NAME);
        if (auth) {
            system.executeTransactionally("ALTER USER neo4j SET PASSWORD $pw CHANGE NOT REQUIRED",
                    java.util.Map.of("pw", password));
        }
        int boundPort = ((GraphDatabaseAPI) system).getDependencyResolver()
                .resolveDependency(ConnectorPortRegister.class)
                .getLocalAddress(ConnectorType.BOLT).getPort();
        System.out.println("READY bolt://127.0.0.1:" + boundPort);
        System.out.flush();

        if (watchStdin) {
            InputStream in = System.in;
            byte[] buf = new byte[256];
            while (in.read(buf) >= 0) {
                // ignore input; EOF means the parent went away
            }
            System.exit(0); // runs the shutdown hook
        }
        stopped.await();
    }

    private static void deleteTree(Path root) {
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            System.err.println("neo4j-test-server: could not delete " + root + ": " + e);
        }
    }
}
